export {
  CONTRACT_TERMS_VERSION,
  TERMS_PATH,
  CONTRACT_CONSENT_IDS,
  CONTRACT_CONSENTS,
  type ContractConsentId,
  type ContractConsent,
} from './consents';
export { vatBreakdown, sumVatBreakdowns, type VatBreakdown } from './vat';
export {
  planPayments,
  planChargeAmount,
  planVatBreakdown,
  type PlanTerms,
  type PlanCharge,
  type PlanPayment,
} from './plan-payments';
