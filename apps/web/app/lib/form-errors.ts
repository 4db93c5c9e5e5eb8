import { formatZodIssues, isApiError } from '@cbp/core';
import type { ErrorSummaryItem } from '@cbp/ui';

type ParseError = Parameters<typeof formatZodIssues>[0];

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** One message per field from a failed parse, keeping only the form's own fields. */
export function fieldErrors<Field extends string>(
  error: ParseError,
  fields: readonly Field[],
): FieldErrors<Field> {
  const formatted = formatZodIssues(error).fields;
  const result: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = formatted[field];
    if (message !== undefined) result[field] = message;
  }
  return result;
}

/** Per-field messages the server or the client's request check attached to an API error. */
export function apiFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FieldErrors<Field> {
  if (!isApiError(error) || !('fields' in error)) return {};
  const result: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = error.fields[field];
    if (message !== undefined) result[field] = message;
  }
  return result;
}

/**
 * The error summary's entries, in the order of the fields on the page; `idOf` gives a field's
 * element id where it is not the field's name.
 */
export function summaryItems<Field extends string>(
  errors: FieldErrors<Field>,
  fields: readonly Field[],
  idOf: (field: Field) => string = (field) => field,
): ErrorSummaryItem[] {
  return fields.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ fieldId: idOf(field), message }];
  });
}
