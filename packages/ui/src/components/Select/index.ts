export { Select, SelectItem, selectTriggerVariants } from './Select';
export type { SelectProps } from './Select';
