import { focusWithin } from '../../lib/focus';

/**
 * After a match action, the card shows the new state: focus moves to its message (a screen reader
 * reads it; the button pressed is gone). Once React has drawn the answer.
 */
export function focusInMatchCard(selector: string): void {
  requestAnimationFrame(() => setTimeout(() => focusWithin(document.querySelector<HTMLElement>('[data-testid="your-match"]'), selector), 0));
}
