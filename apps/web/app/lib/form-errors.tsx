import { formatZodIssues, isApiError } from '@cbp/core';
import { ErrorSummary, type ErrorSummaryItem } from '@cbp/ui';
import * as React from 'react';

type ParseError = Parameters<typeof formatZodIssues>[0];

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** One message per field from a failed parse, keeping only the form's own fields. */
function fieldErrors<Field extends string>(
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
function apiFieldErrors<Field extends string>(
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
function summaryItems<Field extends string>(
  errors: FieldErrors<Field>,
  fields: readonly Field[],
  idOf: (field: Field) => string = (field) => field,
): ErrorSummaryItem[] {
  return fields.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ fieldId: idOf(field), message }];
  });
}

/**
 * A form's field errors and their summary (GOV.UK error summary): `showParseErrors` and
 * `showApiErrors` set them and count an attempt, so the summary is rendered anew and takes
 * focus again on every failed send.
 */
export function useFormErrors<Field extends string>(
  fields: readonly Field[],
  idOf?: (field: Field) => string,
) {
  const [state, setState] = React.useState<{ errors: FieldErrors<Field>; attempt: number }>({
    errors: {},
    attempt: 0,
  });
  const show = (errors: FieldErrors<Field>) => {
    setState((current) => ({ errors, attempt: current.attempt + 1 }));
  };
  const items = summaryItems(state.errors, fields, idOf);

  return {
    errors: state.errors,
    summary: items.length > 0 ? <ErrorSummary key={state.attempt} errors={items} /> : null,
    /** Shows errors a form found itself, beyond what a schema says (e.g. a missing code). */
    showErrors(errors: FieldErrors<Field>) {
      show(errors);
    },
    showParseErrors(error: ParseError) {
      show(fieldErrors(error, fields));
    },
    /** Shows the field messages an API error carries; false when it has none to show. */
    showApiErrors(error: unknown): boolean {
      const byField = apiFieldErrors(error, fields);
      if (Object.keys(byField).length === 0) return false;
      show(byField);
      return true;
    },
    clear() {
      setState((current) => ({ ...current, errors: {} }));
    },
  };
}
