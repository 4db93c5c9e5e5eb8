import { Field, TextInput } from '@cbp/ui';

import type { FormFields, ZodForm } from '../../lib/forms/use-zod-form';

/** The six digits of the two-step code; spaces typed or pasted with them are dropped. */
export function CodeField({
  form,
  label,
  hint,
  required = false,
}: {
  form: FormFields<'codigo'> & Pick<ZodForm<{ codigo: string }>, 'setValue'>;
  label: string;
  hint: string;
  required?: boolean;
}) {
  return (
    <Field id="codigo" label={label} hint={hint} required={required} error={form.errors.codigo}>
      <TextInput
        name="codigo"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={form.bind('codigo').value}
        onChange={(event) => {
          form.setValue('codigo', event.target.value.replace(/\s+/g, ''));
        }}
      />
    </Field>
  );
}
