import * as React from 'react';

/** How long typing in a search box may pause before the list is asked for. */
export const SEARCH_DELAY_MS = 400;

/**
 * A search box whose text lives in the address: typing updates the address after a pause, and
 * the address changing by other means (Back, Forward, a menu link that clears the filters) shows
 * in the box, instead of the box pushing its old text back into the address.
 */
export function useSearchText(
  fromAddress: string,
  apply: (text: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = React.useState(fromAddress);
  const [shownAddress, setShownAddress] = React.useState(fromAddress);
  // What this box last sent and has not yet seen arrive in the address.
  const [sent, setSent] = React.useState<string | null>(null);
  if (fromAddress !== shownAddress) {
    setShownAddress(fromAddress);
    setSent(null);
    // Its own text arriving leaves alone what was typed since; anything else is shown.
    if (fromAddress !== sent) setText(fromAddress);
  }

  React.useEffect(() => {
    if (text === fromAddress) return;
    const timer = window.setTimeout(() => {
      setSent(text);
      apply(text);
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [text, fromAddress, apply]);

  return [text, setText];
}
