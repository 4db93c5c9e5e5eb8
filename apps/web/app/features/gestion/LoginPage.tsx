import { staffLoginRequestSchema } from '@cbp/core';
import { Button } from '@cbp/ui';
import * as React from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';

import { useZodForm } from '../../lib/forms/use-zod-form';
import { PageLoading } from '../../lib/page-loading';
import { CredentialsFields } from '../auth/CredentialsFields';
import { staffAccounts } from './accounts-api';
import { CodeField } from './CodeField';
import { useStaff } from './context';
import { GESTION_REDIRECT_PARAM, safeGestionTarget } from './navigation';
import { StaffAuthScreen } from './StaffAuthScreen';
import { failureMessage } from './strings';

export function LoginPage() {
  const { status, adopt } = useStaff();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeGestionTarget(searchParams.get(GESTION_REDIRECT_PARAM));
  const [codeAsked, setCodeAsked] = React.useState(0);

  // The server asks for the code only when the account has it: the field takes focus then,
  // after the error summary has taken it, so the person can type the code straight away.
  React.useEffect(() => {
    if (codeAsked > 0) document.getElementById('codigo')?.focus();
  }, [codeAsked]);

  const form = useZodForm({
    schema: staffLoginRequestSchema,
    initial: { email: '', password: '', codigo: '' },
    input: ({ codigo, ...credentials }) =>
      codigo.trim() === '' ? credentials : { ...credentials, codigo },
    failureMessage,
    submit: async (request) => {
      adopt(await staffAccounts().login(request));
      await navigate(target, { replace: true });
    },
    onServerErrors: (errors) => {
      if (errors.codigo !== undefined) setCodeAsked((current) => current + 1);
    },
  });

  if (status === 'loading') return <PageLoading />;
  if (status === 'authenticated' && !form.busy) return <Navigate to={target} replace />;

  return (
    <StaffAuthScreen title="Acceso del equipo" intro="Zona de gestión del despacho.">
      {form.summary}
      {form.failure}
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <CredentialsFields form={form} />
        <CodeField
          form={form}
          label="Código de verificación (opcional)"
          hint="Solo si tienes activada la verificación en dos pasos: las 6 cifras que muestra tu aplicación de autenticación."
        />
        <Button type="submit" busy={form.busy} busyLabel="Iniciando sesión..." className="w-full">
          Iniciar sesión
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        ¿No tienes cuenta? Pide a una persona con rol de administración que te invite.
      </p>
    </StaffAuthScreen>
  );
}
