import { LoadingState } from '@cbp/ui';

import { STORAGE_KEYS } from '../../lib/auth/storage';
import { ResultGone, RESULT_GONE } from './ResultGone';

/**
 * Runs in the browser, serialised into the prerendered page right after the two parts it
 * switches: it may use nothing from outside itself. Without navigation state (an address opened
 * again, a link from elsewhere) and, for the pass page, without a stored session, the page can
 * only say why there is no result: it says so before its code arrives. `sessionKeys` are the
 * storage keys of a session that could bring the result back (none for the fail page).
 */
export function showWhyNoResult(sessionKeys: readonly string[]): void {
  const script = document.currentScript;
  const gone = script?.previousElementSibling;
  const waiting = gone?.previousElementSibling;
  if (!(gone instanceof HTMLElement) || !(waiting instanceof HTMLElement)) return;
  const state: unknown = window.history.state;
  const kept = typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
  if (kept) return;
  try {
    for (const key of sessionKeys) if (window.localStorage.getItem(key) !== null) return;
  } catch {
    // Storage refused: the page's code decides.
    return;
  }
  waiting.hidden = true;
  gone.hidden = false;
}

/**
 * What a result page shows until its code has read the navigation state: "loading", or, when
 * the page can tell at once that it has no result to show (`showWhyNoResult`), why, in the
 * prerendered HTML. The code then renders the same words in their place.
 */
export function WaitingForResult({
  reasonIfNone,
  needsSession,
}: {
  /** What the page will say when it has no result. */
  reasonIfNone: string;
  /** Whether a stored session could still bring the result back (the pass page). */
  needsSession: boolean;
}) {
  const sessionKeys = needsSession ? [STORAGE_KEYS.refreshToken, STORAGE_KEYS.accessToken] : [];
  return (
    <>
      {/* The script below may switch these two before React takes the page over. */}
      <div suppressHydrationWarning>
        <LoadingState label={RESULT_GONE.loading} />
      </div>
      <div hidden suppressHydrationWarning>
        <ResultGone reason={reasonIfNone} />
      </div>
      <script
        // Classic and inline, so it runs as the HTML is read, before the first paint.
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: `(${showWhyNoResult.toString()})(${JSON.stringify(sessionKeys)});`,
        }}
      />
    </>
  );
}
