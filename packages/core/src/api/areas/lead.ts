import {
  type LeadDetail,
  leadDetailSchema,
  type LeadRequestInput,
  leadRequestSchema,
  type LeadResponse,
  leadResponseSchema,
  idSchema,
  tokenSchema,
} from '../../schemas';
import {
  InvalidResponseError,
  MissingDataError,
  MissingLeadIdError,
  MissingSessionError,
} from '../errors';
import {
  type ApiTransport,
  type CallOptions,
  checkedInput,
  isRecord,
  jsonBody,
  validated,
  sendValidated,
} from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const LEAD_FALLBACK_MESSAGES = {
  createLead: 'Error al enviar los datos',
  getLead: 'Error al cargar tus datos',
} as const;

/**
 * The simulator's lead. Apart from the account's calls: the sign-in pages do not download the
 * simulator's answers and their schemas.
 */
export interface LeadApi {
  /** POST /api/leads. */
  createLead(
    lead: LeadRequestInput,
    options?: CallOptions & {
      readonly idempotencyKey?: string;
      /**
       * The account's session when the person is signed in: the server then makes the lead the
       * account's case (an anonymous lead for an e-mail with an account never becomes it).
       */
      readonly accessToken?: string;
    },
  ): Promise<LeadResponse>;
  /** GET /api/leads/{leadId}: a lead the session owns (others answer 404, like unknown ids). */
  getLead(leadId: string, accessToken: string, options?: CallOptions): Promise<LeadDetail>;
}

export function leadApi(send: ApiTransport): LeadApi {
  return {
    async createLead(lead, callOptions = {}) {
      const body = checkedInput(leadRequestSchema, lead);
      const headers: Record<string, string> = {};
      if (callOptions.idempotencyKey !== undefined)
        headers['Idempotency-Key'] = callOptions.idempotencyKey;
      const response = await send({
        method: 'POST',
        path: '/api/leads',
        body,
        headers,
        ...(callOptions.accessToken === undefined ? {} : { accessToken: callOptions.accessToken }),
        signal: callOptions.signal,
        fallbackMessage: LEAD_FALLBACK_MESSAGES.createLead,
      });
      const json = jsonBody(response);
      if (!isRecord(json))
        throw new InvalidResponseError(response.status, ['La respuesta no es un objeto']);
      if (json.data === undefined || json.data === null)
        throw new MissingDataError(response.status);
      if (json.session === undefined || json.session === null)
        throw new MissingSessionError(response.status);
      const id = isRecord(json.data) ? json.data.id : undefined;
      if (id === undefined || id === null || id === '')
        throw new MissingLeadIdError(response.status);
      return validated(leadResponseSchema, json, response.status);
    },

    async getLead(leadId, accessToken, callOptions = {}) {
      const id = checkedInput(idSchema, leadId);
      return (
        await sendValidated(send, leadDetailSchema, {
          method: 'GET',
          path: `/api/leads/${encodeURIComponent(id)}`,
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: LEAD_FALLBACK_MESSAGES.getLead,
        })
      ).data;
    },
  };
}
