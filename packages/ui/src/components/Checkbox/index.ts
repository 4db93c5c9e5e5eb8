export { Checkbox, checkboxVariants } from './Checkbox';
export type { CheckboxProps } from './Checkbox';
