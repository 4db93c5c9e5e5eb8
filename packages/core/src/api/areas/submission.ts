import {
  tokenSchema,
  type SubmissionView,
  submissionResponseSchema,
  submissionPartPath,
} from '../../schemas';
import { downloadAttachment, type DownloadedFile } from '../download';
import { type ApiTransport, type CallOptions, checkedInput, sendValidated } from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const SUBMISSION_FALLBACK_MESSAGES = {
  getSubmission: 'No hemos podido cargar tu expediente',
  sendSubmission: 'No hemos podido enviar tu expediente',
  downloadSubmission: 'No hemos podido descargar tu expediente',
} as const;

/** Sending the file to the bank and its PDF. */
export interface SubmissionApi {
  /**
   * GET /api/expediente/envio: what will be sent and what is missing, or what was sent and, once
   * the firm presented it to the bank, that day and the bank's deadline.
   */
  getSubmission(accessToken: string, options?: CallOptions): Promise<SubmissionView>;
  /**
   * POST /api/expediente/envio: 'Enviar expediente'. Answers at once with the preparation
   * accepted (or the file already sent); refused (409) while something is missing.
   */
  sendSubmission(accessToken: string, options?: CallOptions): Promise<SubmissionView>;
  /** GET /api/expediente/envio/partes/{numero}: one numbered part of the sent file (1: the letter first). */
  downloadSubmission(
    accessToken: string,
    numero: number,
    options?: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile>;
}

export function submissionApi(send: ApiTransport): SubmissionApi {
  return {
    async getSubmission(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, submissionResponseSchema, {
          method: 'GET',
          path: '/api/expediente/envio',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: SUBMISSION_FALLBACK_MESSAGES.getSubmission,
        })
      ).data;
    },

    async sendSubmission(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, submissionResponseSchema, {
          method: 'POST',
          path: '/api/expediente/envio',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: SUBMISSION_FALLBACK_MESSAGES.sendSubmission,
        })
      ).data;
    },

    downloadSubmission: (accessToken, numero, callOptions = {}) =>
      downloadAttachment(
        send,
        submissionPartPath(numero),
        accessToken,
        SUBMISSION_FALLBACK_MESSAGES.downloadSubmission,
        callOptions,
      ),
  };
}
