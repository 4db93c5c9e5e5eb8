export { Label, labelVariants, RequiredMark } from './Label';
export type { LabelProps } from './Label';
