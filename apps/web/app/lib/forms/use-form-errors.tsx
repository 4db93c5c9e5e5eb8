import type { formatZodIssues } from '@cbp/core';
import { ErrorSummary } from '@cbp/ui';
import * as React from 'react';

import { type FieldErrors, issueErrors, serverErrors, summaryItems } from './form-model';

type ParseError = Parameters<typeof formatZodIssues>[0];

/**
 * A form's field errors and their summary (GOV.UK error summary): each `show…` sets them and
 * counts an attempt, so the summary is rendered anew and takes focus again on every failed send.
 * `useZodForm` is built on it; a form whose values live elsewhere (the simulator's draft, a
 * dialog's caller) uses it alone.
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
    /** Shows errors a form found itself, or that a schema and its own checks found. */
    showErrors(errors: FieldErrors<Field>) {
      show(errors);
    },
    showParseErrors(error: ParseError) {
      show(issueErrors(error, fields));
    },
    /** Shows the field messages an API error carries; false when it has none to show. */
    showApiErrors(error: unknown): boolean {
      const byField = serverErrors(error, fields);
      if (Object.keys(byField).length === 0) return false;
      show(byField);
      return true;
    },
    clear() {
      setState((current) => ({ ...current, errors: {} }));
    },
  };
}
