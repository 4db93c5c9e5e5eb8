/**
 * Moves focus to the page heading inside `container`, so a screen reader announces the new
 * question and Tab starts from it (GOV.UK one question per page). The heading gets
 * tabIndex=-1: focusable from script, not a Tab stop.
 */
export function focusHeading(container: HTMLElement | null): void {
  const heading = container?.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}
