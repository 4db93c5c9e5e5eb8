export { Select, SelectItem, selectTriggerVariants } from './Select';
export type { SelectProps } from './Select';
export { NativeSelect, nativeSelectVariants } from './NativeSelect';
export type { NativeSelectProps } from './NativeSelect';
