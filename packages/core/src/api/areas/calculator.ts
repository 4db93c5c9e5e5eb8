import {
  type CalculationRecord,
  type CalculationRequest,
  calculationRequestSchema,
  calculationResponseSchema,
  type CalculatorDraft,
  type CalculatorDraftRequest,
  calculatorDraftRequestSchema,
  calculatorDraftResponseSchema,
  type CalculatorStart,
  calculatorStartResponseSchema,
  latestCalculationResponseSchema,
  tokenSchema,
} from '../../schemas';
import { type ApiTransport, type CallOptions, checkedInput, sendValidated } from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const CALCULATOR_FALLBACK_MESSAGES = {
  calculate: 'No hemos podido calcular tu cuota',
  loadCalculator: 'No hemos podido cargar tus datos de la calculadora',
  saveCalculatorDraft: 'No hemos podido guardar tus datos',
} as const;

/** The instalment calculator: its draft and the server's calculations. */
export interface CalculatorApi {
  /** POST /api/calculations: the server computes with today's law and keeps the result. */
  calculate(
    request: CalculationRequest,
    options: CallOptions & { readonly accessToken: string },
  ): Promise<CalculationRecord>;
  /** GET /api/calculations/latest: the case's newest calculation, or null. */
  latestCalculation(accessToken: string, options?: CallOptions): Promise<CalculationRecord | null>;
  /** GET /api/calculations/draft: the wizard's draft and the simulator's figures. */
  getCalculatorDraft(accessToken: string, options?: CallOptions): Promise<CalculatorStart>;
  /** PUT /api/calculations/draft: keeps the wizard's values and step. */
  saveCalculatorDraft(
    draft: CalculatorDraftRequest,
    options: CallOptions & { readonly accessToken: string },
  ): Promise<CalculatorDraft>;
}

export function calculatorApi(send: ApiTransport): CalculatorApi {
  return {
    async calculate(request, callOptions) {
      return (
        await sendValidated(send, calculationResponseSchema, {
          method: 'POST',
          path: '/api/calculations',
          body: checkedInput(calculationRequestSchema, request),
          accessToken: checkedInput(tokenSchema, callOptions.accessToken),
          signal: callOptions.signal,
          fallbackMessage: CALCULATOR_FALLBACK_MESSAGES.calculate,
        })
      ).data;
    },

    async latestCalculation(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, latestCalculationResponseSchema, {
          method: 'GET',
          path: '/api/calculations/latest',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: CALCULATOR_FALLBACK_MESSAGES.loadCalculator,
        })
      ).data;
    },

    async getCalculatorDraft(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, calculatorStartResponseSchema, {
          method: 'GET',
          path: '/api/calculations/draft',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: CALCULATOR_FALLBACK_MESSAGES.loadCalculator,
        })
      ).data;
    },

    async saveCalculatorDraft(draft, callOptions) {
      return (
        await sendValidated(send, calculatorDraftResponseSchema, {
          method: 'PUT',
          path: '/api/calculations/draft',
          body: checkedInput(calculatorDraftRequestSchema, draft),
          accessToken: checkedInput(tokenSchema, callOptions.accessToken),
          signal: callOptions.signal,
          fallbackMessage: CALCULATOR_FALLBACK_MESSAGES.saveCalculatorDraft,
        })
      ).data;
    },
  };
}
