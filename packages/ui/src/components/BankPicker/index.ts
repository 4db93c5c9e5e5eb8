export { BankPicker } from './BankPicker';
export type { BankPickerProps } from './BankPicker';
