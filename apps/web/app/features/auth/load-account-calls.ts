import { OutdatedPageError, onDemand } from '../../lib/code-on-demand';
import { OUTDATED_ACCOUNT_PAGE } from './strings';

export const loadAccountCalls = onDemand(() => import('./account-calls'));

/**
 * A form's ref: the first focus on one of its fields starts loading the calls, so that sending
 * does not wait for them.
 */
export function preloadAccountCallsOnFocus(form: HTMLFormElement | null): void {
  form?.addEventListener(
    'focusin',
    () => {
      loadAccountCalls().catch(() => undefined);
    },
    { once: true },
  );
}

/** What to do when the page's code was replaced (reload); `fallback` for any other failure. */
export function accountFailureMessage(error: unknown, fallback: string): string {
  return error instanceof OutdatedPageError ? OUTDATED_ACCOUNT_PAGE : fallback;
}
