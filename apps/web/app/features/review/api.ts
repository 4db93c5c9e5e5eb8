import { HttpError, isApiError, type ReviewDraft, reviewApi } from '@cbp/core';

import { areaClient } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';
import { toRequest, type WizardValue } from './state';

const review = areaClient(reviewApi);

type AuthorizedCall = AuthContextValue['authorizedCall'];

/** The review as the server keeps it, or as the product prefilled it. */
export function loadReview(call: AuthorizedCall): Promise<ReviewDraft> {
  return call((token) => review().getReviewDraft(token));
}

export function saveReview(
  call: AuthorizedCall,
  value: WizardValue,
  revision: number,
): Promise<ReviewDraft> {
  return call((accessToken) =>
    review().saveReviewDraft(toRequest(value, revision), { accessToken }),
  );
}

export function finalizeReview(call: AuthorizedCall): Promise<ReviewDraft> {
  return call((token) => review().finalizeReview(token));
}

/** The server refuses changes to a file already sent (409, its message). */
export function isLockedError(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** A refused 'Finalizar revisión' with a message per field (400). */
export function fieldMessagesOf(error: unknown): Readonly<Record<string, string>> | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  return Object.keys(error.fields).length === 0 ? null : error.fields;
}
