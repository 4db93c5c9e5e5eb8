import { isApiError, staffLoginRequestSchema } from '@cbp/core';
import { Alert, Button, EmailInput, Field, PasswordInput, TextInput } from '@cbp/ui';
import * as React from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';

import { useFormErrors } from '../../lib/form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { PageLoading } from '../../lib/page-loading';
import { staffApi } from './api';
import { useStaff } from './context';
import { GESTION_REDIRECT_PARAM, safeGestionTarget } from './navigation';
import { StaffAuthScreen } from './StaffAuthScreen';
import { failureMessage } from './strings';

const FIELDS = ['email', 'password', 'codigo'] as const;

export function LoginPage() {
  const { status, adopt } = useStaff();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [codigo, setCodigo] = React.useState('');
  const form = useFormErrors(FIELDS);
  const [formError, setFormError] = React.useState<string | null>(null);
  const target = safeGestionTarget(searchParams.get(GESTION_REDIRECT_PARAM));
  const [codeAsked, setCodeAsked] = React.useState(0);

  // The server asks for the code only when the account has it: the field takes focus then,
  // after the error summary has taken it, so the person can type the code straight away.
  React.useEffect(() => {
    if (codeAsked > 0) document.getElementById('codigo')?.focus();
  }, [codeAsked]);

  const submission = useSubmission(async () => {
    setFormError(null);
    const parsed = staffLoginRequestSchema.safeParse({
      email,
      password,
      ...(codigo.trim() === '' ? {} : { codigo }),
    });
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      adopt(await staffApi().login(parsed.data));
      await navigate(target, { replace: true });
    } catch (error) {
      if (!form.showApiErrors(error)) {
        setFormError(failureMessage(error));
      } else if (isApiError(error) && 'fields' in error && error.fields.codigo !== undefined) {
        setCodeAsked((current) => current + 1);
      }
    }
  });

  if (status === 'loading') return <PageLoading />;
  if (status === 'authenticated' && !submission.busy) return <Navigate to={target} replace />;

  return (
    <StaffAuthScreen title="Acceso del equipo" intro="Zona de gestión del despacho.">
      {form.summary}
      {formError === null ? null : (
        <Alert variant="error">
          <p>{formError}</p>
        </Alert>
      )}
      <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-5">
        <Field id="email" label="Correo electrónico" required error={form.errors.email}>
          <EmailInput
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
        </Field>
        <Field id="password" label="Contraseña" required error={form.errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
        </Field>
        <Field
          id="codigo"
          label="Código de verificación (opcional)"
          hint="Solo si tienes activada la verificación en dos pasos: las 6 cifras que muestra tu aplicación de autenticación."
          error={form.errors.codigo}
        >
          <TextInput
            name="codigo"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={codigo}
            onChange={(event) => {
              setCodigo(event.target.value.replace(/\s+/g, ''));
            }}
          />
        </Field>
        <Button
          type="submit"
          busy={submission.busy}
          busyLabel="Iniciando sesión..."
          className="w-full"
        >
          Iniciar sesión
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        ¿No tienes cuenta? Pide a una persona con rol de administración que te invite.
      </p>
    </StaffAuthScreen>
  );
}
