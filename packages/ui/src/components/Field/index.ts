export {
  Field,
  FieldError,
  fieldErrorVariants,
  useFieldControl,
  useLabelledControl,
} from './Field';
export type {
  FieldControlProps,
  FieldErrorProps,
  FieldProps,
  LabelledControlOptions,
} from './Field';
