export { TextInput, inputVariants } from './TextInput';
export type { TextInputProps } from './TextInput';
export { TextArea } from './TextArea';
export type { TextAreaProps } from './TextArea';
