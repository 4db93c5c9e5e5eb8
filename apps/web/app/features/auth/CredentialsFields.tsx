import { EmailInput, Field, PasswordInput } from '@cbp/ui';

import type { FormFields } from '../../lib/forms/use-zod-form';

/** The e-mail and password of a sign-in form, the client's and the staff's. */
export function CredentialsFields({ form }: { form: FormFields<'email' | 'password'> }) {
  return (
    <>
      <Field id="email" label="Correo electrónico" required error={form.errors.email}>
        <EmailInput name="email" autoComplete="username" {...form.bind('email')} />
      </Field>
      <Field id="password" label="Contraseña" required error={form.errors.password}>
        <PasswordInput name="password" autoComplete="current-password" {...form.bind('password')} />
      </Field>
    </>
  );
}
