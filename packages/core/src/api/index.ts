// Each name comes from the module that defines it: a page that takes one area's client (or only
// the transport) must not reach the others' schemas through `createApiClient`'s module.
export {
  createTransport as createApiTransport,
  type ApiClientOptions,
  type ApiTransport,
  type CallOptions,
  type FetchLike,
} from './transport';
export { ACCOUNT_FALLBACK_MESSAGES } from './areas/account-messages';
export { accountApi, type AccountApi, type HealthCheckResult } from './areas/account';
export { sessionApi, type SessionApi } from './areas/session';
export { LEAD_FALLBACK_MESSAGES, leadApi, type LeadApi } from './areas/lead';
export { BILLING_FALLBACK_MESSAGES, billingApi, type BillingApi } from './areas/billing';
export {
  CALCULATOR_FALLBACK_MESSAGES,
  calculatorApi,
  type CalculatorApi,
} from './areas/calculator';
export { CASE_FALLBACK_MESSAGES, caseApi, type CaseApi } from './areas/case';
export {
  DECLARATION_FALLBACK_MESSAGES,
  declarationApi,
  type DeclarationApi,
} from './areas/declaration';
export {
  DOCUMENTS_FALLBACK_MESSAGES,
  documentsApi,
  type DocumentsApi,
  type StartedRetrievalSession,
} from './areas/documents';
export { REVIEW_FALLBACK_MESSAGES, reviewApi, type ReviewApi } from './areas/review';
export {
  SUBMISSION_FALLBACK_MESSAGES,
  submissionApi,
  type SubmissionApi,
} from './areas/submission';
export { createApiClient, type ApiClient } from './client';
export { API_FALLBACK_MESSAGES } from './fallback-messages';
export {
  API_ERROR_MESSAGES,
  AUTH_SCREEN_MESSAGES,
  NETWORK_CHECKLIST,
  timeoutMessage,
  ApiError,
  ConfigurationError,
  OfflineError,
  NetworkError,
  CrossOriginError,
  TimeoutError,
  HttpError,
  RateLimitError,
  EmptyResponseError,
  MissingDataError,
  MissingSessionError,
  MissingLeadIdError,
  InvalidCredentialsError,
  InvalidResponseError,
  RequestValidationError,
  isApiError,
  type ApiErrorCode,
  type KnownApiError,
} from './errors';
export { createStaffApiClient, type StaffApiClient } from './staff-client';
export { STAFF_FALLBACK_MESSAGES, staffCalls, type StaffCalls } from './staff/calls';
export { staffAccountsApi, type StaffAccountsApi } from './staff/accounts';
export { staffCaseFilesApi, type StaffCaseFilesApi } from './staff/case-files';
export { staffLeadsApi, type StaffLeadsApi } from './staff/leads';
export {
  DOWNLOAD_TIMEOUT_MS,
  FALLBACK_DOWNLOAD_NAME,
  fileNameFromContentDisposition,
  type DownloadedFile,
} from './download';
