import {
  API_FALLBACK_MESSAGES,
  AUTH_SCREEN_MESSAGES,
  isApiError,
  resetPasswordRequestSchema,
} from '@cbp/core';
import { Alert, Button, EmailInput, Field, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import type { Route } from './+types/reset-password-request';
import { AuthScreen } from '../features/auth/AuthScreen';
import { useFormErrors } from '../lib/form-errors';
import { useSubmission } from '../lib/forms/use-submission';
import { api } from '../lib/api';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Recuperar contraseña',
    description:
      'Te enviamos por correo electrónico un enlace para elegir una contraseña nueva de tu zona de cliente.',
    path: '/reset-password-request',
    noindex: true,
  });

export const handle: RouteHandle = { frame: false };

const FIELDS = ['email'] as const;

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string } | null;

export default function ResetPasswordRequest() {
  const [email, setEmail] = React.useState('');
  const form = useFormErrors(FIELDS);
  const [outcome, setOutcome] = React.useState<Outcome>(null);

  const submission = useSubmission(async () => {
    setOutcome(null);
    const parsed = resetPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      await api().requestPasswordReset(parsed.data);
      setOutcome({ kind: 'sent' });
    } catch (error) {
      if (!form.showApiErrors(error)) {
        setOutcome({
          kind: 'failed',
          message: isApiError(error) ? error.message : API_FALLBACK_MESSAGES.requestPasswordReset,
        });
      }
    }
  });

  return (
    <AuthScreen
      title="Recuperar contraseña"
      intro="Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
      footer={
        <p>
          <TextLink asChild>
            <Link to="/login">Volver a iniciar sesión</Link>
          </TextLink>
        </p>
      }
    >
      {form.summary}
      {outcome?.kind === 'sent' ? (
        <Alert variant="success">
          <p>{AUTH_SCREEN_MESSAGES.resetRequested}</p>
          <p>Si no lo ves en unos minutos, revisa la carpeta de correo no deseado.</p>
        </Alert>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <Alert variant="error">
          <p>{outcome.message}</p>
        </Alert>
      ) : null}
      <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-5">
        <Field id="email" label="Correo electrónico" required error={form.errors.email}>
          <EmailInput
            name="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
        </Field>
        <Button type="submit" busy={submission.busy} busyLabel="Enviando..." className="w-full">
          Enviar instrucciones
        </Button>
      </form>
    </AuthScreen>
  );
}
