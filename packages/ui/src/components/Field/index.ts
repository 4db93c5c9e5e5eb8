export { Field, FieldError, useFieldControl } from './Field';
export type { FieldControlProps, FieldErrorProps, FieldProps } from './Field';
