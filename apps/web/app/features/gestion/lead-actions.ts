import {
  leadActionSchema,
  type BillingStatus,
  type LeadAction,
  type CaseMoveRequest,
  type DocumentReviewRequest,
  type DocumentReviewResponse,
  type RefundRequest,
  type StaffFaseComercial,
  type StaffLeadDetail,
  type SubmissionPresentationRequest,
  type SubmissionReopenRequest,
  type SubmissionView,
  type TransferReceiptRequest,
} from '@cbp/core';
import * as React from 'react';
import { useFetcher } from 'react-router';

import { staffCaseFiles, staffLeads } from './api';
import { withStaffSession } from './staff-session';

/** What each action on a lead's page sends, and what the server answers. */
export interface LeadActions {
  'fase-comercial': {
    request: { fase_comercial: StaffFaseComercial };
    answer: StaffLeadDetail;
  };
  'mover-caso': { request: CaseMoveRequest; answer: StaffLeadDetail };
  nota: { request: { texto: string }; answer: StaffLeadDetail };
  'revisar-documento': {
    request: { fileId: string; review: DocumentReviewRequest };
    answer: DocumentReviewResponse;
  };
  transferencia: { request: TransferReceiptRequest; answer: BillingStatus };
  reembolso: { request: RefundRequest; answer: BillingStatus };
  presentacion: { request: SubmissionPresentationRequest; answer: SubmissionView };
  reabrir: { request: SubmissionReopenRequest; answer: SubmissionView };
}

export type LeadIntentName = keyof LeadActions;

/** The server's answer, or why it refused (kept whole: the form shows its field errors). */
type LeadAnswer = LeadActions[LeadIntentName]['answer'];

export type LeadActionResult = { ok: true; answer: LeadAnswer } | { ok: false; error: unknown };

/** A request the page's forms did not make: nothing is sent to the server. */
const UNREADABLE_ACTION =
  'No hemos podido leer lo que se quería hacer. Recarga la página e inténtalo de nuevo.';

async function send(token: string, leadId: string, action: LeadAction): Promise<LeadAnswer> {
  const leads = staffLeads();
  const caseFiles = staffCaseFiles();
  switch (action.intent) {
    case 'fase-comercial':
      return leads.updateLead(token, leadId, action.request);
    case 'mover-caso':
      return leads.moveCase(token, leadId, action.request);
    case 'nota':
      return leads.addNote(token, leadId, action.request.texto);
    case 'revisar-documento':
      return caseFiles.reviewDocument(token, action.request.fileId, action.request.review);
    case 'transferencia':
      return caseFiles.confirmTransfer(token, leadId, action.request);
    case 'reembolso':
      return caseFiles.refund(token, leadId, action.request);
    case 'presentacion':
      return caseFiles.recordPresentation(token, leadId, action.request);
    case 'reabrir':
      return caseFiles.reopenSubmission(token, leadId, action.request);
  }
}

/**
 * The lead page's actions. Whatever the answer, the router then reads the page's data again,
 * so every panel shows the case as the action left it (or as someone else changed it).
 */
export async function leadAction({
  request,
  params,
}: {
  request: Request;
  params: { leadId?: string };
}): Promise<LeadActionResult> {
  // The page's own forms send it (useLeadAction), checked as the server checks it again.
  const sent = leadActionSchema.safeParse(await request.json().catch(() => null));
  if (!sent.success) return { ok: false, error: new Error(UNREADABLE_ACTION) };
  const action = sent.data;
  try {
    const answer = await withStaffSession(request, (token) =>
      send(token, params.leadId ?? '', action),
    );
    return { ok: true, answer };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, error };
  }
}

/**
 * Sends one of the lead page's actions through the router and gives back the server's answer
 * once the page's data has been read again, so what the caller then says matches every panel; a
 * refusal is thrown, as the API client does. The form that sent the action may leave the page
 * with the data it changed (no payment left to confirm, nothing left to refund): it is then
 * answered as it leaves, when that data is already on screen.
 */
export function useLeadAction() {
  const fetcher = useFetcher<LeadActionResult>();
  const waiting = React.useRef<((result: LeadActionResult) => void) | null>(null);
  const answered = React.useRef<LeadActionResult | undefined>(undefined);
  const { submit, state, data } = fetcher;

  React.useEffect(() => {
    if (state === 'submitting' || waiting.current === null || data === undefined) return;
    answered.current = data;
    if (state !== 'idle') return;
    waiting.current(data);
    waiting.current = null;
  }, [state, data]);

  React.useEffect(
    () => () => {
      if (waiting.current === null || answered.current === undefined) return;
      waiting.current(answered.current);
      waiting.current = null;
    },
    [],
  );

  return React.useCallback(
    async <K extends LeadIntentName>(
      intent: K,
      request: LeadActions[K]['request'],
    ): Promise<LeadActions[K]['answer']> => {
      const result = await new Promise<LeadActionResult>((resolve) => {
        answered.current = undefined;
        waiting.current = resolve;
        void submit({ intent, request }, { method: 'post', encType: 'application/json' });
      });
      if (!result.ok) throw result.error;
      return result.answer;
    },
    [submit],
  );
}
