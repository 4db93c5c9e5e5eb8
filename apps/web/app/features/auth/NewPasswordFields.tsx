import { PASSWORD_MIN_LENGTH } from '@cbp/core';
import { Field, PasswordInput } from '@cbp/ui';

import type { FormFields } from '../../lib/forms/use-zod-form';

/** A new password typed twice: the client's reset and the staff's activation. */
export function NewPasswordFields({
  form,
  labels = { password: 'Contraseña', confirmation: 'Repite la contraseña' },
}: {
  form: FormFields<'password' | 'confirmacion'>;
  labels?: { readonly password: string; readonly confirmation: string };
}) {
  return (
    <>
      <Field
        id="password"
        label={labels.password}
        hint={`Al menos ${String(PASSWORD_MIN_LENGTH)} caracteres. Evita contraseñas fáciles de adivinar, como 1234567890.`}
        required
        error={form.errors.password}
      >
        <PasswordInput name="password" autoComplete="new-password" {...form.bind('password')} />
      </Field>
      <Field
        id="confirmacion"
        label={labels.confirmation}
        required
        error={form.errors.confirmacion}
      >
        <PasswordInput
          name="confirmacion"
          autoComplete="new-password"
          {...form.bind('confirmacion')}
        />
      </Field>
    </>
  );
}
