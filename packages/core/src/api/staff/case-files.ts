import {
  type BillingStatus,
  billingStatusResponseSchema,
  type DocumentReviewRequest,
  documentReviewRequestSchema,
  type DocumentReviewResponse,
  documentReviewResponseSchema,
  type DocumentsOverview,
  documentsOverviewResponseSchema,
  type RefundRequest,
  refundRequestSchema,
  type TransferReceiptRequest,
  transferReceiptRequestSchema,
  type SubmissionView,
  submissionResponseSchema,
  submissionPartNumberSchema,
  type SubmissionReopenRequest,
  submissionReopenRequestSchema,
  type SubmissionPresentationRequest,
  submissionPresentationRequestSchema,
} from '../../schemas';
import { downloadAttachment, type DownloadedFile } from '../download';
import { checkedInput } from '../transport';
import { type StaffCalls, STAFF_FALLBACK_MESSAGES } from './calls';

/** A case's documents, payments and sent file, as the back-office sees and acts on them. */
export interface StaffCaseFilesApi {
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

export function staffCaseFilesApi({ send, call, bearer, id }: StaffCalls): StaffCaseFilesApi {
  return {
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
