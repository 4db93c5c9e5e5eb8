import * as React from 'react';

const TAP_OR_KEY = ['pointerdown', 'keydown'] as const;
const TAP_KEY_OR_SCROLL = [...TAP_OR_KEY, 'scroll'] as const;

/**
 * Calls `onUse` once, when the person starts using the page: their first tap or key anywhere
 * (captured, so a tap on a button counts before the button's own handler), and with `scroll` also
 * their first scroll. What only use needs is then fetched while they move, not with the page.
 */
export function useFirstUse(onUse: () => void, { scroll = false }: { scroll?: boolean } = {}) {
  const use = React.useEffectEvent(onUse);
  React.useEffect(() => {
    const events = scroll ? TAP_KEY_OR_SCROLL : TAP_OR_KEY;
    const stop = () => {
      for (const event of events) window.removeEventListener(event, used, true);
    };
    const used = () => {
      stop();
      use();
    };
    for (const event of events) {
      window.addEventListener(event, used, { capture: true, passive: true });
    }
    return stop;
  }, [scroll]);
}
