import {
  isApiError,
  type CaseStatusView,
  type DeclarationView,
  type ReviewDraft,
  type SubmissionView,
} from '@cbp/core';

import type { ShouldRevalidateFunctionArgs } from 'react-router';

import { callWithSession } from '../../lib/auth';
import {
  failureText,
  loadWithSession,
  type AuthorizedCall,
  type Loaded,
} from '../../lib/client-loader';
import { loadCaseStatus } from '../status/api';
import { loadReview } from '../review/api';
import { loadSubmission, sendSubmission } from './api';
import { loadDeclaration } from './declaration-api';
import { isBuilding } from './state';
import { DECLARATION_LOAD_FAILED, LOAD_FAILED, SEND_FAILED } from './strings';

export interface SendData {
  readonly view: SubmissionView;
  /** The review's answers; without them the screen still shows the rest. */
  readonly draft: ReviewDraft | null;
  /** Once sent, the case's status, for its next step (decision 0732). */
  readonly status: CaseStatusView | null;
  readonly declaration: Loaded<DeclarationView>;
}

async function loadSend(call: AuthorizedCall): Promise<SendData> {
  const [view, draft, declaration] = await Promise.all([
    loadSubmission(call),
    loadReview(call).catch((error: unknown) => {
      console.error('Error al cargar la revisión', error);
      return null;
    }),
    loadWithSession(loadDeclaration, DECLARATION_LOAD_FAILED),
  ]);
  // Without it, the step is only said while it is known: before the presentation.
  const status = view.estado === 'enviado' ? await loadCaseStatus(call).catch(() => null) : null;
  return { view, draft, status, declaration };
}

/** /app/enviar-expediente: the file as it would be sent, the review, and the declaration. */
export function clientLoader() {
  return loadWithSession(loadSend, LOAD_FAILED);
}

export type SendOutcome =
  | { readonly kind: 'accepted'; readonly view: SubmissionView }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/** 'Enviar expediente', confirmed; the loader then reads the file again. */
export async function clientAction(): Promise<SendOutcome> {
  try {
    return { kind: 'accepted', view: await sendSubmission(callWithSession) };
  } catch (error) {
    if (isApiError(error) && error.status === 409)
      return { kind: 'refused', message: error.message };
    // The answer may be lost while the send went through: the server says where it stands.
    const now = await loadSubmission(callWithSession).catch(() => null);
    if (now !== null && (now.estado === 'enviado' || isBuilding(now))) {
      return { kind: 'accepted', view: now };
    }
    console.error('Error al enviar el expediente', error);
    return { kind: 'failed', message: failureText(error, SEND_FAILED) };
  }
}

/**
 * The send's answer says what the screen shows next (a refusal reads the file again itself), so
 * an action does not make the loader read again under an open dialog.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return actionResult === undefined ? defaultShouldRevalidate : false;
}
