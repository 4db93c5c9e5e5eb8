import { formatZodIssues, isApiError } from '@cbp/core';
import type { ErrorSummaryItem } from '@cbp/ui';

/** A form's values as typed: one string per field. */
export type FormValues = Readonly<Record<string, string>>;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** A zod issue, as `formatZodIssues` reads it. */
type Issue = Extract<Parameters<typeof formatZodIssues>[0], readonly unknown[]>[number];

/** What a form needs of a zod schema; classic and mini schemas both have it. */
export interface FormSchema<Output> {
  safeParse(
    input: unknown,
  ):
    | { readonly success: true; readonly data: Output }
    | { readonly success: false; readonly error: { readonly issues: readonly Issue[] } };
}

/** How a form's values are checked before they are sent. */
export interface FormRules<Values extends FormValues, Output> {
  readonly schema?: FormSchema<Output>;
  /** What the schema reads, when it is not the values as typed (an empty optional field left out). */
  readonly input?: (values: Values) => unknown;
  /** Problems the schema cannot know (a code only some accounts must give). */
  readonly check?: (values: Values) => FieldErrors<keyof Values & string>;
}

export type Checked<Values extends FormValues, Output> =
  | { readonly ok: true; readonly data: Output }
  | { readonly ok: false; readonly errors: FieldErrors<keyof Values & string> };

/** Keeps the first message per field of the form's own fields, in the form's order. */
function pick<Field extends string>(
  messages: Readonly<Record<string, string>>,
  fields: readonly Field[],
): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = messages[field];
    if (message !== undefined) result[field] = message;
  }
  return result;
}

/** One Spanish message per field from a failed parse, keeping only the form's own fields. */
export function issueErrors<Field extends string>(
  issues: Parameters<typeof formatZodIssues>[0],
  fields: readonly Field[],
): FieldErrors<Field> {
  return pick(formatZodIssues(issues).fields, fields);
}

/** Per-field messages the server or the client's request check attached to an API error. */
export function serverErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FieldErrors<Field> {
  if (!isApiError(error) || !('fields' in error)) return {};
  return pick(error.fields, fields);
}

export function hasErrors(errors: Readonly<Record<string, string | undefined>>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/**
 * The values checked by the schema and then by `check`; where both find a problem in one field,
 * the schema's message is shown. The data is the schema's output, or the values without one.
 */
export function checkForm<Values extends FormValues, Output = Values>(
  rules: FormRules<Values, Output>,
  values: Values,
): Checked<Values, Output> {
  const fields = Object.keys(values) as (keyof Values & string)[];
  const parsed = rules.schema?.safeParse(rules.input ? rules.input(values) : values);
  const errors: FieldErrors<keyof Values & string> = {};
  if (rules.check) Object.assign(errors, rules.check(values));
  if (parsed?.success === false) Object.assign(errors, issueErrors(parsed.error.issues, fields));
  if (hasErrors(errors) || parsed?.success === false) return { ok: false, errors };
  // Without a schema the values are the data: `Output` is then `Values`.
  return { ok: true, data: parsed === undefined ? (values as unknown as Output) : parsed.data };
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
