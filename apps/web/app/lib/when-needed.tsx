import * as React from 'react';

import { useFirstUse } from './first-use';

/**
 * Content further down a screen that a visit may never reach (the fees screen's testimonials,
 * questions and fees): drawn once its place comes into view or the person starts using the screen
 * (a tap, a key, a scroll), so a visit that only looks at the top downloads none of its code.
 */
export function WhenNeeded({ children }: { children: React.ReactNode }) {
  const [needed, setNeeded] = React.useState(false);
  const place = React.useRef<HTMLDivElement>(null);

  useFirstUse(
    () => {
      setNeeded(true);
    },
    { scroll: true },
  );

  React.useEffect(() => {
    const element = place.current;
    if (needed || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNeeded(true);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [needed]);

  return needed ? children : <div ref={place} className="min-h-16" />;
}
