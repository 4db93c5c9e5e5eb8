import {
  caseProgressResponseSchema,
  type CaseStep,
  tokenSchema,
  type CaseStatusView,
  caseStatusResponseSchema,
} from '../../schemas';
import { API_FALLBACK_MESSAGES } from '../errors';
import {
  type ApiTransport,
  type CallOptions,
  checkedInput,
  jsonBody,
  validated,
} from '../transport';

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
      const response = await send({
        method: 'GET',
        path: '/api/case/progress',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.caseProgress,
      });
      return validated(caseProgressResponseSchema, jsonBody(response), response.status).data.pasos;
    },

    async caseStatus(accessToken, callOptions = {}) {
      const response = await send({
        method: 'GET',
        path: '/api/case/status',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: API_FALLBACK_MESSAGES.caseStatus,
      });
      return validated(caseStatusResponseSchema, jsonBody(response), response.status).data;
    },
  };
}
