export { Steps, stepsVariants } from './Steps';
export type { StepItem, StepsProps } from './Steps';
