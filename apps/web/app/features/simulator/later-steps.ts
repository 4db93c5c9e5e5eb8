/**
 * What the simulator needs after its first question: the amount and contact steps, the
 * schemas that check them and the API client that sends the lead. Loaded on demand
 * (Simulator.tsx): a visit that reads the first question and leaves never downloads it.
 */
export { amountIsValid } from './amounts';
export { api, leads } from './api';
export { AmountStep } from './AmountStep';
export { ContactStep } from './ContactStep';
export {
  attemptFor,
  buildSubmission,
  fingerprintOf,
  sendingErrorMessage,
  submitLead,
} from './submission';
