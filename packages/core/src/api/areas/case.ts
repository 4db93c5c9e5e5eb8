import {
  caseProgressResponseSchema,
  type CaseStep,
  tokenSchema,
  type CaseStatusView,
  caseStatusResponseSchema,
} from '../../schemas';
import { type ApiTransport, type CallOptions, checkedInput, sendValidated } from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const CASE_FALLBACK_MESSAGES = {
  caseProgress: 'No hemos podido cargar el estado de tu caso',
  caseStatus: 'No hemos podido cargar el estado de tu caso',
} as const;

/** The case as a whole: the steps of the task list and the case status. */
export interface CaseApi {
  /** GET /api/case/progress: each step of the client's case with its state. */
  caseProgress(accessToken: string, options?: CallOptions): Promise<CaseStep[]>;
  /** GET /api/case/status: phase, history, required documents and the bank's deadline. */
  caseStatus(accessToken: string, options?: CallOptions): Promise<CaseStatusView>;
}

export function caseApi(send: ApiTransport): CaseApi {
  return {
    async caseProgress(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, caseProgressResponseSchema, {
          method: 'GET',
          path: '/api/case/progress',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: CASE_FALLBACK_MESSAGES.caseProgress,
        })
      ).data.pasos;
    },

    async caseStatus(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, caseStatusResponseSchema, {
          method: 'GET',
          path: '/api/case/status',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: CASE_FALLBACK_MESSAGES.caseStatus,
        })
      ).data;
    },
  };
}
