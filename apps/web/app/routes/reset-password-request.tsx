import { ACCOUNT_FALLBACK_MESSAGES, AUTH_SCREEN_MESSAGES, isApiError } from '@cbp/core';
import { Alert, Button, EmailInput, Field, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import type { Route } from './+types/reset-password-request';
import { AuthScreen } from '../features/auth/AuthScreen';
import {
  accountFailureMessage,
  loadAccountCalls,
  preloadAccountCallsOnFocus,
} from '../features/auth/load-account-calls';
import { useZodForm } from '../lib/forms/use-zod-form';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Recuperar contraseña',
    description:
      'Te enviamos por correo electrónico un enlace para elegir una contraseña nueva de tu zona de cliente.',
    path: '/reset-password-request',
    noindex: true,
  });

export default function ResetPasswordRequest() {
  const [sent, setSent] = React.useState(false);
  const form = useZodForm({
    loadSchema: async () => (await loadAccountCalls()).resetPasswordRequestSchema,
    initial: { email: '' },
    failureMessage: (error) =>
      isApiError(error)
        ? error.message
        : accountFailureMessage(error, ACCOUNT_FALLBACK_MESSAGES.requestPasswordReset),
    onSend: () => {
      setSent(false);
    },
    submit: async (request) => {
      const { api } = await loadAccountCalls();
      await api().requestPasswordReset(request);
      setSent(true);
    },
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
      {sent ? (
        <Alert variant="success">
          <p>{AUTH_SCREEN_MESSAGES.resetRequested}</p>
          <p>Si no lo ves en unos minutos, revisa la carpeta de correo no deseado.</p>
        </Alert>
      ) : null}
      {form.failure}
      <form
        noValidate
        onSubmit={form.onSubmit}
        ref={preloadAccountCallsOnFocus}
        className="flex flex-col gap-5"
      >
        <Field id="email" label="Correo electrónico" required error={form.errors.email}>
          <EmailInput name="email" {...form.bind('email')} />
        </Field>
        <Button type="submit" busy={form.busy} busyLabel="Enviando..." className="w-full">
          Enviar instrucciones
        </Button>
      </form>
    </AuthScreen>
  );
}
