export { PhoneInput } from './PhoneInput';
export type { PhoneInputProps } from './PhoneInput';
