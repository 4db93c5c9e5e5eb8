export { Alert, AlertDescription, AlertTitle, alertVariants } from './Alert';
export type { AlertProps } from './Alert';
