import type { z } from 'zod/mini';
import {
  type AuditListResponse,
  auditListResponseSchema,
  type AuditQuery,
  auditQuerySchema,
  type BillingStatus,
  billingStatusResponseSchema,
  type CaseMoveRequest,
  caseMoveRequestSchema,
  type CasePhase,
  casePhaseSchema,
  casePhasesResponseSchema,
  type CasePhaseUpdate,
  casePhaseUpdateSchema,
  type DocumentReviewRequest,
  documentReviewRequestSchema,
  type DocumentReviewResponse,
  documentReviewResponseSchema,
  type DocumentsOverview,
  documentsOverviewResponseSchema,
  idSchema,
  type LeadListQuery,
  leadListQuerySchema,
  type LeadListResponse,
  leadListResponseSchema,
  type RefundRequest,
  refundRequestSchema,
  leadNoteRequestSchema,
  leadUpdateRequestSchema,
  messageResponseSchema,
  type StaffActivationRequest,
  staffActivationRequestSchema,
  type StaffAuthResponse,
  staffAuthResponseSchema,
  type StaffFaseComercial,
  type StaffInvitation,
  staffInvitationLookupSchema,
  staffInvitationSchema,
  type StaffInviteRequest,
  staffInviteRequestSchema,
  type StaffLeadDetail,
  staffLeadDetailSchema,
  type StaffLoginRequest,
  staffLoginRequestSchema,
  type StaffMember,
  staffMemberSchema,
  STAFF_SESSION_HEADER,
  staffTeamResponseSchema,
  tokenSchema,
  type TransferReceiptRequest,
  transferReceiptRequestSchema,
  type SubmissionView,
  submissionResponseSchema,
  submissionPartNumberSchema,
  type SubmissionReopenRequest,
  submissionReopenRequestSchema,
  type SubmissionPresentationRequest,
  submissionPresentationRequestSchema,
  type EuriborAddRequest,
  euriborAddRequestSchema,
  type IpremAddRequest,
  ipremAddRequestSchema,
  type SeriesResponse,
  seriesResponseSchema,
} from '../schemas';
import { downloadAttachment, type DownloadedFile } from './download';
import { EmptyResponseError } from './errors';
import {
  type ApiClientOptions,
  type Call,
  checkedInput,
  createTransport,
  sendValidated,
} from './transport';

export const STAFF_FALLBACK_MESSAGES = {
  login: 'No hemos podido iniciar la sesión',
  session: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  invitation: 'No hemos podido abrir la invitación',
  activate: 'No hemos podido activar la cuenta',
  team: 'No hemos podido cargar el equipo',
  invite: 'No hemos podido enviar la invitación',
  disable: 'No hemos podido desactivar la cuenta',
  leads: 'No hemos podido cargar los leads',
  lead: 'No hemos podido cargar el lead',
  saveLead: 'No hemos podido guardar el cambio',
  phases: 'No hemos podido cargar las fases',
  audit: 'No hemos podido cargar el registro de auditoría',
  documents: 'No hemos podido cargar los documentos',
  download: 'No hemos podido descargar el documento',
  review: 'No hemos podido guardar la revisión del documento',
  payments: 'No hemos podido cargar los pagos',
  transfer: 'No hemos podido registrar la transferencia',
  refund: 'No hemos podido hacer el reembolso',
  receipt: 'No hemos podido descargar el recibo',
  submission: 'No hemos podido cargar el expediente',
  reopen: 'No hemos podido reabrir el expediente',
  presentation: 'No hemos podido registrar la presentación al banco',
  series: 'No hemos podido cargar el Euríbor y el IPREM',
  addSeries: 'No hemos podido añadir el valor',
} as const;

/** The back-office's calls under /api/gestion. Every call but sign-in takes the staff token. */
export interface StaffApiClient {
  login(request: StaffLoginRequest, signal?: AbortSignal): Promise<StaffAuthResponse>;
  /** Spends the refresh cookie the browser holds (scripts never see it) for a new access token. */
  refresh(): Promise<StaffAuthResponse>;
  /** Closes the session of the refresh cookie; the server clears the cookie. */
  logout(): Promise<void>;
  me(token: string): Promise<StaffMember>;
  invitation(invitationToken: string): Promise<StaffInvitation>;
  activate(request: StaffActivationRequest): Promise<StaffAuthResponse>;
  team(token: string): Promise<StaffMember[]>;
  invite(token: string, request: StaffInviteRequest): Promise<StaffMember>;
  disable(token: string, staffId: string): Promise<StaffMember>;
  leads(token: string, query: LeadListQuery, signal?: AbortSignal): Promise<LeadListResponse>;
  /**
   * The filtered leads as a CSV file (every page), byte for byte: read as text, the UTF-8 BOM a
   * spreadsheet in Spanish needs to read the accents would be dropped.
   */
  leadsCsv(token: string, query: LeadListQuery): Promise<Blob>;
  lead(token: string, leadId: string, signal?: AbortSignal): Promise<StaffLeadDetail>;
  updateLead(
    token: string,
    leadId: string,
    update: { fase_comercial: StaffFaseComercial },
  ): Promise<StaffLeadDetail>;
  addNote(token: string, leadId: string, texto: string): Promise<StaffLeadDetail>;
  moveCase(token: string, leadId: string, move: CaseMoveRequest): Promise<StaffLeadDetail>;
  phases(token: string): Promise<CasePhase[]>;
  updatePhase(token: string, phaseId: string, update: CasePhaseUpdate): Promise<CasePhase>;
  audit(token: string, query: AuditQuery, signal?: AbortSignal): Promise<AuditListResponse>;
  /** The Euribor and IPREM series, newest first, and whether the Euribor is out of date. */
  series(token: string, signal?: AbortSignal): Promise<SeriesResponse>;
  /** Adds (or, with `correccion`, corrects) a month's official Euribor: administrators only. */
  addEuribor(token: string, request: EuriborAddRequest): Promise<SeriesResponse>;
  /** Adds (or, with `correccion`, corrects) a year's IPREM: administrators only. */
  addIprem(token: string, request: IpremAddRequest): Promise<SeriesResponse>;
  /** A lead's checklist and retrieved files, each with its current file and review. */
  leadDocuments(token: string, leadId: string, signal?: AbortSignal): Promise<DocumentsOverview>;
  /** One stored file, decrypted by the server (the download is recorded in the audit log). */
  downloadDocument(token: string, fileId: string): Promise<DownloadedFile>;
  /** Approves or rejects one file; a rejection e-mails the client the reason. */
  reviewDocument(
    token: string,
    fileId: string,
    request: DocumentReviewRequest,
  ): Promise<DocumentReviewResponse>;
  /** The case's contract in force and its payments. */
  leadPayments(token: string, leadId: string, signal?: AbortSignal): Promise<BillingStatus>;
  /** Records a transfer received; the amount must be the one the plan charges for it. */
  confirmTransfer(
    token: string,
    leadId: string,
    request: TransferReceiptRequest,
  ): Promise<BillingStatus>;
  /** Refunds everything paid: card payments through the provider, transfers as recorded. */
  refund(token: string, leadId: string, request: RefundRequest): Promise<BillingStatus>;
  /** A payment's receipt as a PDF; the download is recorded in the audit log. */
  downloadReceipt(token: string, leadId: string, paymentId: string): Promise<DownloadedFile>;
  /** The case's file: what it carries, what is missing, and whether and when it was sent. */
  leadSubmission(token: string, leadId: string, signal?: AbortSignal): Promise<SubmissionView>;
  /** One numbered part of the sent file (1: the letter first); recorded in the audit log. */
  downloadLeadSubmission(token: string, leadId: string, numero: number): Promise<DownloadedFile>;
  /** The client's signed declaración responsable (the one in force); recorded in the audit log. */
  downloadLeadDeclaration(token: string, leadId: string): Promise<DownloadedFile>;
  /** Reopens a sent file so the client can change it; audited, noted in the history, e-mailed. */
  reopenSubmission(
    token: string,
    leadId: string,
    request: SubmissionReopenRequest,
  ): Promise<SubmissionView>;
  /**
   * Records (or corrects) the day the firm presented the sent file to the bank, from which the
   * bank's month to answer runs; audited and e-mailed to the client.
   */
  recordPresentation(
    token: string,
    leadId: string,
    request: SubmissionPresentationRequest,
  ): Promise<SubmissionView>;
}

type QueryValue = string | number | undefined;

function queryOf(values: Record<string, QueryValue>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === undefined ? undefined : String(value),
    ]),
  );
}

export function createStaffApiClient(options: ApiClientOptions): StaffApiClient {
  const send = createTransport(options);

  const call = <T extends z.ZodMiniType>(schema: T, request: Call) =>
    sendValidated(send, schema, request);

  const bearer = (token: string) => checkedInput(tokenSchema, token);
  const id = (value: string) => encodeURIComponent(checkedInput(idSchema, value));
  // A header no form or link can send: a request from another site cannot spend the cookie.
  const sessionHeader = { [STAFF_SESSION_HEADER]: '1' };

  return {
    login: (request, signal) =>
      call(staffAuthResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/login',
        body: checkedInput(staffLoginRequestSchema, request),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.login,
      }),
    refresh: () =>
      call(staffAuthResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/refresh',
        headers: sessionHeader,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.session,
      }),
    async logout() {
      await call(messageResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/logout',
        headers: sessionHeader,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.session,
      });
    },
    me: (token) =>
      call(staffMemberSchema, {
        method: 'GET',
        path: '/api/gestion/auth/me',
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.session,
      }),
    invitation: (invitationToken) =>
      call(staffInvitationSchema, {
        method: 'POST',
        path: '/api/gestion/auth/invitation',
        body: checkedInput(staffInvitationLookupSchema, { token: invitationToken }),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.invitation,
      }),
    activate: (request) =>
      call(staffAuthResponseSchema, {
        method: 'POST',
        path: '/api/gestion/auth/activate',
        body: checkedInput(staffActivationRequestSchema, request),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.activate,
      }),
    team: async (token) =>
      (
        await call(staffTeamResponseSchema, {
          method: 'GET',
          path: '/api/gestion/equipo',
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.team,
        })
      ).equipo,
    invite: (token, request) =>
      call(staffMemberSchema, {
        method: 'POST',
        path: '/api/gestion/equipo',
        body: checkedInput(staffInviteRequestSchema, request),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.invite,
      }),
    disable: (token, staffId) =>
      call(staffMemberSchema, {
        method: 'POST',
        path: `/api/gestion/equipo/${id(staffId)}/desactivar`,
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.disable,
      }),
    leads: (token, query, signal) =>
      call(leadListResponseSchema, {
        method: 'GET',
        path: '/api/gestion/leads',
        query: queryOf(checkedInput(leadListQuerySchema, query)),
        accessToken: bearer(token),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.leads,
      }),
    async leadsCsv(token, query) {
      const response = await send({
        method: 'GET',
        path: '/api/gestion/leads.csv',
        query: queryOf(checkedInput(leadListQuerySchema, query)),
        headers: { Accept: 'text/csv' },
        accessToken: bearer(token),
        responseType: 'blob',
        fallbackMessage: STAFF_FALLBACK_MESSAGES.leads,
      });
      if (response.blob === undefined || response.blob.size === 0) {
        throw new EmptyResponseError(response.status);
      }
      return response.blob;
    },
    lead: (token, leadId, signal) =>
      call(staffLeadDetailSchema, {
        method: 'GET',
        path: `/api/gestion/leads/${id(leadId)}`,
        accessToken: bearer(token),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.lead,
      }),
    updateLead: (token, leadId, update) =>
      call(staffLeadDetailSchema, {
        method: 'PATCH',
        path: `/api/gestion/leads/${id(leadId)}`,
        body: checkedInput(leadUpdateRequestSchema, update),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.saveLead,
      }),
    addNote: (token, leadId, texto) =>
      call(staffLeadDetailSchema, {
        method: 'POST',
        path: `/api/gestion/leads/${id(leadId)}/notas`,
        body: checkedInput(leadNoteRequestSchema, { texto }),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.saveLead,
      }),
    moveCase: (token, leadId, move) =>
      call(staffLeadDetailSchema, {
        method: 'POST',
        path: `/api/gestion/leads/${id(leadId)}/fase`,
        body: checkedInput(caseMoveRequestSchema, move),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.saveLead,
      }),
    phases: async (token) =>
      (
        await call(casePhasesResponseSchema, {
          method: 'GET',
          path: '/api/gestion/fases',
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.phases,
        })
      ).fases,
    updatePhase: (token, phaseId, update) =>
      call(casePhaseSchema, {
        method: 'PUT',
        path: `/api/gestion/fases/${encodeURIComponent(phaseId)}`,
        body: checkedInput(casePhaseUpdateSchema, update),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.phases,
      }),
    series: (token, signal) =>
      call(seriesResponseSchema, {
        method: 'GET',
        path: '/api/gestion/series',
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.series,
        signal,
      }),
    addEuribor: (token, request) =>
      call(seriesResponseSchema, {
        method: 'POST',
        path: '/api/gestion/series/euribor',
        body: checkedInput(euriborAddRequestSchema, request),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.addSeries,
      }),
    addIprem: (token, request) =>
      call(seriesResponseSchema, {
        method: 'POST',
        path: '/api/gestion/series/iprem',
        body: checkedInput(ipremAddRequestSchema, request),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.addSeries,
      }),
    audit: (token, query, signal) =>
      call(auditListResponseSchema, {
        method: 'GET',
        path: '/api/gestion/auditoria',
        query: queryOf(checkedInput(auditQuerySchema, query)),
        accessToken: bearer(token),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.audit,
      }),
    leadDocuments: async (token, leadId, signal) =>
      (
        await call(documentsOverviewResponseSchema, {
          method: 'GET',
          path: `/api/gestion/leads/${id(leadId)}/documents`,
          accessToken: bearer(token),
          signal,
          fallbackMessage: STAFF_FALLBACK_MESSAGES.documents,
        })
      ).data,
    downloadDocument: async (token, fileId) =>
      downloadAttachment(
        send,
        `/api/gestion/documents/${id(fileId)}/content`,
        token,
        STAFF_FALLBACK_MESSAGES.download,
        // A client's upload may be a photo as well as a PDF.
        { accept: '*/*' },
      ),
    reviewDocument: async (token, fileId, request) =>
      call(documentReviewResponseSchema, {
        method: 'POST',
        path: `/api/gestion/documents/${id(fileId)}/review`,
        body: checkedInput(documentReviewRequestSchema, request),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.review,
      }),
    leadPayments: async (token, leadId, signal) =>
      (
        await call(billingStatusResponseSchema, {
          method: 'GET',
          path: `/api/gestion/leads/${id(leadId)}/pagos`,
          accessToken: bearer(token),
          signal,
          fallbackMessage: STAFF_FALLBACK_MESSAGES.payments,
        })
      ).data,
    confirmTransfer: async (token, leadId, request) =>
      (
        await call(billingStatusResponseSchema, {
          method: 'POST',
          path: `/api/gestion/leads/${id(leadId)}/pagos/transferencia`,
          body: checkedInput(transferReceiptRequestSchema, request),
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.transfer,
        })
      ).data,
    refund: async (token, leadId, request) =>
      (
        await call(billingStatusResponseSchema, {
          method: 'POST',
          path: `/api/gestion/leads/${id(leadId)}/reembolso`,
          body: checkedInput(refundRequestSchema, request),
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.refund,
        })
      ).data,
    downloadReceipt: async (token, leadId, paymentId) =>
      downloadAttachment(
        send,
        `/api/gestion/leads/${id(leadId)}/pagos/${id(paymentId)}/recibo`,
        token,
        STAFF_FALLBACK_MESSAGES.receipt,
        {},
      ),
    leadSubmission: async (token, leadId, signal) =>
      (
        await call(submissionResponseSchema, {
          method: 'GET',
          path: `/api/gestion/leads/${id(leadId)}/expediente`,
          accessToken: bearer(token),
          signal,
          fallbackMessage: STAFF_FALLBACK_MESSAGES.submission,
        })
      ).data,
    downloadLeadSubmission: async (token, leadId, numero) =>
      downloadAttachment(
        send,
        `/api/gestion/leads/${id(leadId)}/expediente/partes/${String(checkedInput(submissionPartNumberSchema, numero))}`,
        token,
        STAFF_FALLBACK_MESSAGES.download,
        {},
      ),
    downloadLeadDeclaration: async (token, leadId) =>
      downloadAttachment(
        send,
        `/api/gestion/leads/${id(leadId)}/declaracion/pdf`,
        token,
        STAFF_FALLBACK_MESSAGES.download,
        {},
      ),
    reopenSubmission: async (token, leadId, request) =>
      (
        await call(submissionResponseSchema, {
          method: 'POST',
          path: `/api/gestion/leads/${id(leadId)}/expediente/reabrir`,
          body: checkedInput(submissionReopenRequestSchema, request),
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.reopen,
        })
      ).data,
    recordPresentation: async (token, leadId, request) =>
      (
        await call(submissionResponseSchema, {
          method: 'POST',
          path: `/api/gestion/leads/${id(leadId)}/expediente/presentacion`,
          body: checkedInput(submissionPresentationRequestSchema, request),
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.presentation,
        })
      ).data,
  };
}
