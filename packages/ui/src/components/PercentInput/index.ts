export { PercentInput } from './PercentInput';
export type { PercentInputProps } from './PercentInput';
