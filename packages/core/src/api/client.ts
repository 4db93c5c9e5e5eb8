import { type AccountApi, accountApi } from './areas/account';
import { type BillingApi, billingApi } from './areas/billing';
import { type CalculatorApi, calculatorApi } from './areas/calculator';
import { type CaseApi, caseApi } from './areas/case';
import { type DeclarationApi, declarationApi } from './areas/declaration';
import { type DocumentsApi, documentsApi } from './areas/documents';
import { type LeadApi, leadApi } from './areas/lead';
import { type ReviewApi, reviewApi } from './areas/review';
import { type SubmissionApi, submissionApi } from './areas/submission';
import { type ApiClientOptions, createTransport } from './transport';

/**
 * The whole client API in one object. A browser page takes only its areas' clients
 * (`calculatorApi(transport)`, ...), so a screen does not download every other screen's schemas.
 */
export type ApiClient = AccountApi &
  LeadApi &
  CalculatorApi &
  CaseApi &
  DocumentsApi &
  BillingApi &
  ReviewApi &
  SubmissionApi &
  DeclarationApi;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = createTransport(options);
  return {
    ...accountApi(send),
    ...leadApi(send),
    ...calculatorApi(send),
    ...caseApi(send),
    ...documentsApi(send),
    ...billingApi(send),
    ...reviewApi(send),
    ...submissionApi(send),
    ...declarationApi(send),
  };
}
