export { Stepper, stepperMarkerVariants } from './Stepper';
export type { StepperProps } from './Stepper';
