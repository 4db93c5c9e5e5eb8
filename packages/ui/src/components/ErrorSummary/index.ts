export { ErrorSummary } from './ErrorSummary';
export type { ErrorSummaryItem, ErrorSummaryProps } from './ErrorSummary';
