import { FALLBACK_DOWNLOAD_NAME, type ReviewDraft, type SubmissionView } from '@cbp/core';

import { api } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';
import { saveFile } from '../../lib/save-file';

type AuthorizedCall = AuthContextValue['authorizedCall'];

export function loadSubmission(call: AuthorizedCall): Promise<SubmissionView> {
  return call((token) => api().getSubmission(token));
}

export function loadReviewDraft(call: AuthorizedCall): Promise<ReviewDraft> {
  return call((token) => api().getReviewDraft(token));
}

export function sendSubmission(call: AuthorizedCall): Promise<SubmissionView> {
  return call((token) => api().sendSubmission(token));
}

export async function downloadSubmission(call: AuthorizedCall): Promise<void> {
  const { blob, fileName } = await call((token) => api().downloadSubmission(token));
  saveFile(blob, fileName === FALLBACK_DOWNLOAD_NAME ? 'expediente.pdf' : fileName);
}
