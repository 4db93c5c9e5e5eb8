import type {
  BillingStatus,
  CasePhase,
  DocumentsOverview,
  StaffLeadDetail,
  SubmissionView,
} from '@cbp/core';

import { staffCaseFiles, staffLeads } from './api';
import { type PanelData, settled } from './panel-data';
import { withStaffSession } from './staff-session';

export interface LeadData {
  detail: StaffLeadDetail;
  /** The case phases, to move the case to one. */
  phases: PanelData<CasePhase[]>;
  documents: PanelData<DocumentsOverview>;
  payments: PanelData<BillingStatus>;
  submission: PanelData<SubmissionView>;
}

/**
 * Everything the lead's page shows, read together: after any action on the page the router
 * reads it all again, so no panel shows the case as it was before another one changed it. The
 * lead itself must load; each panel may fail on its own and says so in its place.
 */
export async function leadLoader({
  request,
  params,
}: {
  request: Request;
  params: { leadId?: string };
}): Promise<LeadData> {
  const leadId = params.leadId ?? '';
  const leads = staffLeads();
  const caseFiles = staffCaseFiles();
  const [detail, phases, documents, payments, submission] = await Promise.all([
    withStaffSession(request, (token, signal) => leads.lead(token, leadId, signal)),
    settled(withStaffSession(request, (token) => leads.phases(token))),
    settled(
      withStaffSession(request, (token, signal) => caseFiles.leadDocuments(token, leadId, signal)),
    ),
    settled(
      withStaffSession(request, (token, signal) => caseFiles.leadPayments(token, leadId, signal)),
    ),
    settled(
      withStaffSession(request, (token, signal) => caseFiles.leadSubmission(token, leadId, signal)),
    ),
  ]);
  return { detail, phases, documents, payments, submission };
}
