import { isApiError } from '@cbp/core';
import * as React from 'react';
import { useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';

import { callWithSession } from './auth';

/** What a failure says to the client: the server's (or the API client's) Spanish message, or ours. */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

/** Runs an API call with the session's access token (what screens and loaders are given). */
export type AuthorizedCall = <T>(request: (accessToken: string) => Promise<T>) => Promise<T>;

/** What a loader read for a screen, or why it could not (shown on the screen, with a retry). */
export type Loaded<T> =
  | { readonly kind: 'loaded'; readonly data: T }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Reads a screen's data in a route's `clientLoader`. A failure is data too: the screen keeps
 * its heading and says what failed in the server's words (the session's end is the guard's
 * business: it sends the person to sign in).
 */
export async function loadWithSession<T>(
  load: (call: AuthorizedCall) => Promise<T>,
  failedMessage: string,
): Promise<Loaded<T>> {
  try {
    return { kind: 'loaded', data: await load(callWithSession) };
  } catch (error) {
    // The session's end is no failure of the screen's: the guard sends the person to sign in.
    if (!(error instanceof Error && error.name === 'SessionEndedError')) {
      console.error(failedMessage, error);
    }
    return { kind: 'failed', message: failureText(error, failedMessage) };
  }
}

/** The same load seen through `f`, for two pieces of a screen that read one answer. */
export function mapLoaded<T, U>(loaded: Loaded<T>, f: (value: T) => U): Loaded<U> {
  return loaded.kind === 'loaded' ? { kind: 'loaded', data: f(loaded.data) } : loaded;
}

/** Reads the page's loaders again (after an action elsewhere changed what they show). */
export function useReload(): { reload: () => void; reloading: boolean } {
  const { revalidate, state } = useRevalidator();
  const reload = React.useCallback(() => {
    void revalidate();
  }, [revalidate]);
  return { reload, reloading: state === 'loading' };
}

/**
 * For screens whose address's query only says which part to show (a step, a summary): moving
 * between parts keeps what was read, and whatever the person typed since, on screen. A retry
 * (same address) and anything submitted still read again.
 */
export function samePageKeepsData({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const otherPart =
    currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  if (formMethod === undefined && otherPart) return false;
  return defaultShouldRevalidate;
}

/**
 * Calls `onChange` while rendering when a loader has read new data, so state kept on top of
 * it (a dialog, a signature being drawn) takes the new data in without a render of the old.
 */
export function useOnNewData<T>(data: T, onChange: (data: T) => void): void {
  const [seen, setSeen] = React.useState(data);
  if (seen !== data) {
    setSeen(data);
    onChange(data);
  }
}
