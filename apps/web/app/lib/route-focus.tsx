import * as React from 'react';
import { useLocation } from 'react-router';

/** The `id` of every layout's `<main>`, where the skip link and navigation focus go. */
export const MAIN_ID = 'contenido-principal';

function focusTarget(): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  return main?.querySelector<HTMLElement>('h1') ?? main;
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
      const target = focusTarget();
      if (!pageTookFocus && target !== null) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
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
