import * as React from 'react';

import { FormOutcome } from './form-outcome';
import {
  checkForm,
  type FieldErrors,
  type FormRules,
  type FormSchema,
  type FormValues,
  hasErrors,
  serverErrors,
} from './form-model';
import { useFormErrors } from './use-form-errors';
import { useSubmission } from './use-submission';

export interface SubmitHelpers {
  /** Shows a failure that names no field in the form's banner. */
  readonly fail: (message: string) => void;
  /** Puts the initial values back, for a form that is filled in again (an invitation). */
  readonly reset: () => void;
}

export interface ZodFormOptions<Values extends FormValues, Output> extends FormRules<
  Values,
  Output
> {
  /**
   * The schema, loaded on the first send instead of with the page, for a page whose first load
   * must not carry zod (the sign-in). A failure to load it shows `failureMessage`'s sentence.
   */
  readonly loadSchema?: () => Promise<FormSchema<Output>>;
  /** The values the form starts with; their order is the order of the error summary. */
  readonly initial: Values;
  /** A field's element id where it is not the field's name (two forms on one page). */
  readonly fieldId?: (field: keyof Values & string) => string;
  /**
   * Sends the checked data. A failure it throws shows the messages the server gave for the
   * form's fields, or else `failureMessage`'s sentence in the banner.
   */
  readonly submit: (data: Output, helpers: SubmitHelpers) => Promise<void>;
  readonly failureMessage: (error: unknown) => string;
  /** Runs as each send starts, before the check: hides what the last send said. */
  readonly onSend?: () => void;
  /** Runs with the messages the server gave for the form's fields, as they are shown. */
  readonly onServerErrors?: (errors: FieldErrors<keyof Values & string>) => void;
}

/** What a group of fields needs of a form (`CredentialsFields`, `NewPasswordFields`). */
export interface FormFields<Field extends string> {
  readonly errors: FieldErrors<Field>;
  /** The value and change handler of a text field. */
  bind(field: Field): {
    value: string;
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  };
}

export interface ZodForm<Values extends FormValues> extends FormFields<keyof Values & string> {
  readonly values: Values;
  setValue(field: keyof Values & string, value: string): void;
  /** The error summary (GOV.UK): rendered anew, and so focused, on every failed send. */
  readonly summary: React.ReactNode;
  /** The sentence for a failure that names no field; null when there is none. */
  readonly formError: string | null;
  /** `formError` as an error banner, for forms that show it above their fields. */
  readonly failure: React.ReactNode;
  readonly busy: boolean;
  readonly onSubmit: (event: React.SubmitEvent<HTMLFormElement>) => void;
  readonly submit: () => Promise<void>;
}

/**
 * A form checked by a zod schema (core's, shared with the API) before it is sent. Errors show
 * only after a send: the summary takes focus and links to each field, and a field's message
 * stays until the next send. A send runs once at a time (`busy`).
 */
export function useZodForm<Values extends FormValues, Output = Values>(
  options: ZodFormOptions<Values, Output>,
): ZodForm<Values> {
  const [values, setValues] = React.useState<Values>(options.initial);
  const [formError, setFormError] = React.useState<string | null>(null);
  const fields = Object.keys(options.initial) as (keyof Values & string)[];
  const shown = useFormErrors(fields, options.fieldId);

  const submission = useSubmission(async () => {
    options.onSend?.();
    setFormError(null);
    let schema = options.schema;
    try {
      schema ??= await options.loadSchema?.();
    } catch (error) {
      setFormError(options.failureMessage(error));
      return;
    }
    const checked = checkForm({ ...options, schema }, values);
    if (!checked.ok) {
      shown.showErrors(checked.errors);
      return;
    }
    shown.clear();
    try {
      await options.submit(checked.data, {
        fail: setFormError,
        reset: () => {
          setValues(options.initial);
        },
      });
    } catch (error) {
      const byField = serverErrors(error, fields);
      if (hasErrors(byField)) {
        shown.showErrors(byField);
        options.onServerErrors?.(byField);
      } else {
        setFormError(options.failureMessage(error));
      }
    }
  });

  const setValue = (field: keyof Values & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  return {
    values,
    errors: shown.errors,
    setValue,
    bind: (field) => ({
      value: values[field] ?? '',
      onChange: (event) => {
        setValue(field, event.target.value);
      },
    }),
    summary: shown.summary,
    formError,
    failure: <FormOutcome done={null} failure={formError} />,
    busy: submission.busy,
    onSubmit: submission.onSubmit,
    submit: submission.submit,
  };
}
