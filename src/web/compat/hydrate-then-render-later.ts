import { options } from 'preact';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates `root` with `element`, and puts what it renders again as soon as it has mounted (dates in
 * the reader's zone, the browser's clock, data it already has) in a task of its own: Preact would
 * render it in the same task, right after hydrating, making one long task of both.
 */
export function hydrateThenRenderLater(root: HTMLElement, element: ReactElement) {
  const debounceRendering = options.debounceRendering;
  options.debounceRendering = (render) => setTimeout(render, 0);
  try {
    hydrateRoot(root, element);
  } finally {
    options.debounceRendering = debounceRendering;
  }
}
