export { NumberInput } from './NumberInput';
export type { NumberInputProps, NumberInputValue } from './NumberInput';
