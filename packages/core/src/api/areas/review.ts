import {
  tokenSchema,
  type ReviewDraft,
  type ReviewDraftRequest,
  reviewDraftRequestSchema,
  reviewDraftResponseSchema,
} from '../../schemas';
import { type ApiTransport, type CallOptions, checkedInput, sendValidated } from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const REVIEW_FALLBACK_MESSAGES = {
  getReviewDraft: 'No hemos podido cargar los datos de tu expediente',
  saveReviewDraft: 'No se han podido guardar los cambios',
  finalizeReview: 'No hemos podido finalizar la revisión',
} as const;

/** The file review and its autosave. */
export interface ReviewApi {
  /** GET /api/expediente/revision: the review as kept (or prefilled), its step and its lock. */
  getReviewDraft(accessToken: string, options?: CallOptions): Promise<ReviewDraft>;
  /**
   * PUT /api/expediente/revision: the autosave. The server keeps it only when `revision` is newer
   * than what it holds; a locked file rejects with the server's message (409).
   */
  saveReviewDraft(
    draft: ReviewDraftRequest,
    options: CallOptions & { readonly accessToken: string },
  ): Promise<ReviewDraft>;
  /**
   * POST /api/expediente/revision/finalizar: 'Finalizar revisión'. A 400 carries the field
   * messages in the error's `fields`.
   */
  finalizeReview(accessToken: string, options?: CallOptions): Promise<ReviewDraft>;
}

export function reviewApi(send: ApiTransport): ReviewApi {
  return {
    async getReviewDraft(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, reviewDraftResponseSchema, {
          method: 'GET',
          path: '/api/expediente/revision',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: REVIEW_FALLBACK_MESSAGES.getReviewDraft,
        })
      ).data;
    },

    async saveReviewDraft(draft, callOptions) {
      return (
        await sendValidated(send, reviewDraftResponseSchema, {
          method: 'PUT',
          path: '/api/expediente/revision',
          body: checkedInput(reviewDraftRequestSchema, draft),
          accessToken: checkedInput(tokenSchema, callOptions.accessToken),
          signal: callOptions.signal,
          fallbackMessage: REVIEW_FALLBACK_MESSAGES.saveReviewDraft,
        })
      ).data;
    },

    async finalizeReview(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, reviewDraftResponseSchema, {
          method: 'POST',
          path: '/api/expediente/revision/finalizar',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: REVIEW_FALLBACK_MESSAGES.finalizeReview,
        })
      ).data;
    },
  };
}
