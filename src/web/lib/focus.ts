/**
 * Moves focus to the first element in `container` matching `selector` (a new step's heading, an
 * error), made focusable by script only, so that a screen reader reads it next instead of focus
 * dropping to <body> when the control that had it goes away.
 */
export function focusWithin(container: HTMLElement | null, selector: string): boolean {
  const target = container?.querySelector<HTMLElement>(selector);
  if (!target) return false;
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Navigation state for a task that ends on another page (a registration that sends the captain
 * home): the layout puts focus at the start of the new page's main content.
 */
export const focusMainOnArrival = { focusMain: true } as const;

export function asksForMainFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusMain?: unknown }).focusMain === true;
}
