import { API_FALLBACK_MESSAGES, loginRequestSchema } from '@cbp/core';
import { Alert, Button, EmailInput, Field, PasswordInput, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import type { Route } from './+types/login';
import { AuthScreen } from '../features/auth/AuthScreen';
import { useFormErrors } from '../lib/form-errors';
import { useSubmission } from '../lib/forms/use-submission';
import { loginErrorMessage } from '../features/auth/messages';
import { api } from '../lib/api';
import { REDIRECT_PARAM, safeRedirectTarget, useAuth } from '../lib/auth';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Acceso clientes',
    description:
      'Inicia sesión en tu zona de cliente para calcular tu nueva cuota, enviar tus documentos y seguir tu expediente.',
    path: '/login',
  });

export const handle: RouteHandle = { frame: false };

const FIELDS = ['email', 'password'] as const;

export default function Login() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const form = useFormErrors(FIELDS);
  const [formError, setFormError] = React.useState<string | null>(null);

  const submission = useSubmission(async () => {
    setFormError(null);
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      const result = await api().login(parsed.data);
      const signedIn = await auth.login({ ...result.session, user: result.user });
      if (!signedIn) {
        setFormError(API_FALLBACK_MESSAGES.login);
        return;
      }
      await navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true });
    } catch (error) {
      if (!form.showApiErrors(error)) {
        setFormError(loginErrorMessage(error));
      }
    }
  });

  return (
    <AuthScreen
      title="Iniciar sesión"
      intro="Accede a tu zona de cliente con el correo electrónico y la contraseña de tu cuenta."
      footer={
        <>
          <p>
            ¿Aún no has comprobado si cumples los requisitos?{' '}
            <TextLink asChild>
              <Link to="/simulador">Comenzar simulación</Link>
            </TextLink>
          </p>
          <p>
            <TextLink asChild variant="subtle">
              <Link to="/">Volver al inicio</Link>
            </TextLink>
          </p>
        </>
      }
    >
      {auth.isAuthenticated && auth.user !== null ? (
        <Alert variant="info">
          <p>
            Ya has iniciado sesión como <strong className="wrap-anywhere">{auth.user.email}</strong>
            .{' '}
            <TextLink asChild>
              <Link to="/app">Ir a tu zona de cliente</Link>
            </TextLink>
          </p>
        </Alert>
      ) : null}
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
        <Button
          type="submit"
          busy={submission.busy}
          busyLabel="Iniciando sesión..."
          className="w-full"
        >
          Iniciar sesión
        </Button>
        <p>
          <TextLink asChild>
            <Link to="/reset-password-request">¿Has olvidado tu contraseña?</Link>
          </TextLink>
        </p>
      </form>
    </AuthScreen>
  );
}
