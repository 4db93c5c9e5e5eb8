import { type DownloadedFile, type SubmissionView, submissionApi } from '@cbp/core';

import { areaClient } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';
import { withFallbackName } from '../../lib/save-file';

const submission = areaClient(submissionApi);

type AuthorizedCall = AuthContextValue['authorizedCall'];

export function loadSubmission(call: AuthorizedCall): Promise<SubmissionView> {
  return call((token) => submission().getSubmission(token));
}

export function sendSubmission(call: AuthorizedCall): Promise<SubmissionView> {
  return call((token) => submission().sendSubmission(token));
}

export async function downloadSubmission(
  call: AuthorizedCall,
  numero: number,
): Promise<DownloadedFile> {
  const file = await call((token) => submission().downloadSubmission(token, numero));
  return withFallbackName(file, 'expediente.pdf');
}
