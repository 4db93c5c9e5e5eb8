import {
  isApiError,
  parseStaffActivationUrl,
  passwordSchema,
  PASSWORD_MESSAGES,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffInvitation,
} from '@cbp/core';
import { Alert, Button, LoadingState, SummaryList } from '@cbp/ui';
import * as React from 'react';
import { useNavigate } from 'react-router';

import { useZodForm } from '../../lib/forms/use-zod-form';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { staffAccounts } from './accounts-api';
import { CodeField } from './CodeField';
import { useStaff } from './context';
import { GESTION_HOME } from './navigation';
import { groupSecret } from './query';
import { StaffAuthScreen } from './StaffAuthScreen';
import { failureMessage } from './strings';

type FieldName = 'password' | 'confirmacion' | 'codigo';

type Lookup =
  | { status: 'loading' }
  | { status: 'invalid'; message: string; retry: boolean }
  | { status: 'ready'; token: string; invitation: StaffInvitation };

/** What the activation form checks before sending, with the client reset form's messages. */
export function activationProblems(
  values: { password: string; confirmacion: string; codigo: string },
  codeRequired: boolean,
): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  const password = passwordSchema.safeParse(values.password);
  if (!password.success)
    problems.password = password.error.issues[0]?.message ?? PASSWORD_MESSAGES.required;
  if (values.confirmacion !== values.password) problems.confirmacion = PASSWORD_MESSAGES.mismatch;
  const code = values.codigo.trim();
  if (code === '' && codeRequired) problems.codigo = STAFF_MESSAGES.totpRequired;
  else if (code !== '' && !/^\d{6}$/.test(code)) problems.codigo = STAFF_MESSAGES.totpInvalid;
  return problems;
}

export function ActivatePage() {
  const { adopt } = useStaff();
  const navigate = useNavigate();
  const [token] = React.useState(() => parseStaffActivationUrl(window.location.href));
  const [lookup, setLookup] = React.useState<Lookup>(() =>
    token === null
      ? { status: 'invalid', message: STAFF_MESSAGES.invalidInvitation, retry: false }
      : { status: 'loading' },
  );
  const [attempt, setAttempt] = React.useState(0);
  const [copied, setCopied] = React.useState(false);

  React.useEffect(() => {
    if (token === null) return;
    let cancelled = false;
    staffAccounts()
      .invitation(token)
      .then(
        (invitation) => {
          if (!cancelled) setLookup({ status: 'ready', token, invitation });
        },
        (error: unknown) => {
          if (cancelled) return;
          const refused = isApiError(error) && error.status !== undefined && error.status < 500;
          setLookup({
            status: 'invalid',
            message: refused ? STAFF_MESSAGES.invalidInvitation : failureMessage(error),
            retry: !refused,
          });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  const form = useZodForm({
    initial: { password: '', confirmacion: '', codigo: '' },
    check: (values) =>
      activationProblems(
        values,
        lookup.status === 'ready' && lookup.invitation.verificacionObligatoria,
      ),
    failureMessage,
    submit: async ({ password, codigo }) => {
      if (lookup.status !== 'ready') return;
      const code = codigo.trim();
      adopt(
        await staffAccounts().activate({
          token: lookup.token,
          password,
          ...(code === '' ? {} : { codigo: code }),
        }),
      );
      await navigate(GESTION_HOME, { replace: true });
    },
  });

  const title = 'Activa tu cuenta del equipo';

  if (lookup.status === 'loading') {
    return (
      <StaffAuthScreen title={title}>
        <LoadingState label="Comprobando la invitación..." />
      </StaffAuthScreen>
    );
  }
  if (lookup.status === 'invalid') {
    return (
      <StaffAuthScreen title={title}>
        <Alert variant="error">
          <div className="flex flex-col items-start gap-3">
            <p>{lookup.message}</p>
            {lookup.retry ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setLookup({ status: 'loading' });
                  setAttempt((current) => current + 1);
                }}
              >
                Reintentar
              </Button>
            ) : null}
          </div>
        </Alert>
      </StaffAuthScreen>
    );
  }

  const { invitation } = lookup;
  const required = invitation.verificacionObligatoria;
  return (
    <StaffAuthScreen
      title={title}
      intro="Elige tu contraseña y, si quieres, la verificación en dos pasos."
    >
      <SummaryList
        rows={[
          { key: 'Nombre', value: invitation.nombre },
          { key: 'Correo electrónico', value: invitation.email },
          { key: 'Rol', value: STAFF_ROLE_LABELS[invitation.rol] },
        ]}
      />
      {form.summary}
      {form.failure}
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <NewPasswordFields form={form} />
        <section aria-labelledby="verificacion-titulo" className="flex flex-col gap-3">
          <h2 id="verificacion-titulo" className="text-xl font-bold">
            Verificación en dos pasos
          </h2>
          <p>
            {required
              ? 'Es obligatoria: añade esta cuenta a tu aplicación de autenticación y escribe el código que te muestre.'
              : 'Es opcional. Si la activas, al iniciar sesión te pediremos también el código de tu aplicación de autenticación. Si dejas el código vacío, no se activa.'}
          </p>
          <p>Clave para escribir en la aplicación:</p>
          <p className="flex flex-wrap items-center gap-3">
            <code
              className="rounded-sm bg-muted px-2 py-1 font-mono text-lg"
              data-testid="totp-secret"
            >
              {groupSecret(invitation.totpSecreto)}
            </code>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void navigator.clipboard.writeText(invitation.totpSecreto).then(() => {
                  setCopied(true);
                });
              }}
            >
              Copiar clave
            </Button>
            <span role="status">{copied ? 'Clave copiada' : ''}</span>
          </p>
          <p>
            <a href={invitation.totpUri} className="text-link underline underline-offset-4">
              Abrir en la aplicación de autenticación
            </a>
          </p>
          <CodeField
            form={form}
            label={required ? 'Código de verificación' : 'Código de verificación (opcional)'}
            hint="Las 6 cifras que muestra ahora tu aplicación."
            required={required}
          />
        </section>
        <Button type="submit" busy={form.busy} busyLabel="Activando..." className="w-full">
          Activar cuenta
        </Button>
      </form>
    </StaffAuthScreen>
  );
}
