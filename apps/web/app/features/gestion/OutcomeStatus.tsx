import type * as React from 'react';

/**
 * What the last action on a panel did, in a polite live region; focus can be sent to it once a
 * dialog closes (the button that opened the dialog may be gone).
 */
export function OutcomeStatus({
  outcome,
  focusRef,
}: {
  outcome: string;
  focusRef: React.RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {outcome === '' ? null : (
        <p ref={focusRef} tabIndex={-1} className="font-semibold">
          {outcome}
        </p>
      )}
    </div>
  );
}
