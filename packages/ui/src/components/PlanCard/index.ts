export { PlanCard, planPaymentText } from './PlanCard';
export type { PlanCardProps } from './PlanCard';
