export { PlanCard, defaultPlanHighlight, planPaymentText } from './PlanCard';
export type { PlanCardProps } from './PlanCard';
