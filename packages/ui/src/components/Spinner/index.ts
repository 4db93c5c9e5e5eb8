export { Spinner, SpinnerIcon, spinnerVariants } from './Spinner';
export type { SpinnerIconProps, SpinnerProps } from './Spinner';
