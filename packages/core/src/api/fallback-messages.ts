import { ACCOUNT_FALLBACK_MESSAGES } from './areas/account-messages';
import { BILLING_FALLBACK_MESSAGES } from './areas/billing';
import { CALCULATOR_FALLBACK_MESSAGES } from './areas/calculator';
import { CASE_FALLBACK_MESSAGES } from './areas/case';
import { DECLARATION_FALLBACK_MESSAGES } from './areas/declaration';
import { DOCUMENTS_FALLBACK_MESSAGES } from './areas/documents';
import { LEAD_FALLBACK_MESSAGES } from './areas/lead';
import { REVIEW_FALLBACK_MESSAGES } from './areas/review';
import { SUBMISSION_FALLBACK_MESSAGES } from './areas/submission';

/**
 * What a non-OK answer shows when the server sends no message of its own, per call, every area
 * together. Each area keeps its own beside its calls, and a browser page imports the one of its
 * area, so it does not download every other screen's texts.
 */
export const API_FALLBACK_MESSAGES = {
  ...LEAD_FALLBACK_MESSAGES,
  ...ACCOUNT_FALLBACK_MESSAGES,
  ...DOCUMENTS_FALLBACK_MESSAGES,
  ...BILLING_FALLBACK_MESSAGES,
  ...CALCULATOR_FALLBACK_MESSAGES,
  ...CASE_FALLBACK_MESSAGES,
  ...REVIEW_FALLBACK_MESSAGES,
  ...SUBMISSION_FALLBACK_MESSAGES,
  ...DECLARATION_FALLBACK_MESSAGES,
} as const;
