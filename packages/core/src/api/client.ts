import { type AccountApi, accountApi } from './areas/account';
import { type BillingApi, billingApi } from './areas/billing';
import { type CalculatorApi, calculatorApi } from './areas/calculator';
import { type CaseApi, caseApi } from './areas/case';
import { type DocumentsApi, documentsApi } from './areas/documents';
import { type ReviewApi, reviewApi } from './areas/review';
import { type SubmissionApi, submissionApi } from './areas/submission';
import { type ApiClientOptions, createTransport } from './transport';

export type { ApiClientOptions, ApiTransport, CallOptions, FetchLike } from './transport';
export type { HealthCheckResult } from './areas/account';
export type { StartedRetrievalSession } from './areas/documents';
export {
  type AccountApi,
  accountApi,
  type BillingApi,
  billingApi,
  type CalculatorApi,
  calculatorApi,
  type CaseApi,
  caseApi,
  type DocumentsApi,
  documentsApi,
  type ReviewApi,
  reviewApi,
  type SubmissionApi,
  submissionApi,
};
export { createTransport as createApiTransport };

/**
 * The whole client API in one object. A browser page takes only its areas' clients
 * (`calculatorApi(transport)`, ...), so a screen does not download every other screen's schemas.
 */
export type ApiClient = AccountApi &
  CalculatorApi &
  CaseApi &
  DocumentsApi &
  BillingApi &
  ReviewApi &
  SubmissionApi;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = createTransport(options);
  return {
    ...accountApi(send),
    ...calculatorApi(send),
    ...caseApi(send),
    ...documentsApi(send),
    ...billingApi(send),
    ...reviewApi(send),
    ...submissionApi(send),
  };
}
