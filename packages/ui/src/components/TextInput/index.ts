export { TextInput, inputVariants } from './TextInput';
export type { TextInputProps } from './TextInput';
