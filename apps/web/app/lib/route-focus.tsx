import * as React from 'react';
import { useLocation } from 'react-router';

import { MAIN_ID } from './main-id';

/**
 * Moves focus to the heading inside `container` (or, with `orContainer`, to the container when
 * it has none), so a screen reader announces it and Tab starts from there. The element gets
 * tabIndex=-1: focusable from script, not a Tab stop.
 */
export function focusHeading(
  container: HTMLElement | null,
  { orContainer = false, preventScroll = false } = {},
): void {
  const target = container?.querySelector<HTMLElement>('h1') ?? (orContainer ? container : null);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll });
}

/**
 * After a client-side navigation, moves focus to the new page's heading (or its `<main>`)
 * and announces the page's title, as a full page load would for a screen reader. The first
 * render is left alone: the browser already announced the loaded page.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = React.useState('');
  const previousPath = React.useRef<string | null>(null);

  React.useEffect(() => {
    const previous = previousPath.current;
    previousPath.current = pathname;
    if (previous === null || previous === pathname) return;
    // Wait a frame so the new page (and its <title>) is in the document.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById(MAIN_ID);
      const active = document.activeElement;
      // A page that placed focus itself (a form's first error, a step's question) keeps it.
      const pageTookFocus = main !== null && active !== null && main.contains(active);
      if (!pageTookFocus) focusHeading(main, { orContainer: true, preventScroll: true });
      setMessage(document.title);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [pathname]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
