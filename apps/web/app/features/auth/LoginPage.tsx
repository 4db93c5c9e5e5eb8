import { ACCOUNT_FALLBACK_MESSAGES } from '@cbp/core';
import { Alert, Button, TextLink } from '@cbp/ui';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { REDIRECT_PARAM, safeRedirectTarget, useAuth } from '../../lib/auth';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { AuthScreen } from './AuthScreen';
import { CredentialsFields } from './CredentialsFields';
import { loadAccountCalls, preloadAccountCallsOnFocus } from './load-account-calls';
import { loginErrorMessage } from './messages';

/** The client's sign-in: back to the page that asked for it, or to the client area. */
export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useZodForm({
    loadSchema: async () => (await loadAccountCalls()).loginRequestSchema,
    initial: { email: '', password: '' },
    failureMessage: loginErrorMessage,
    submit: async (credentials, { fail }) => {
      const { api } = await loadAccountCalls();
      const result = await api().login(credentials);
      const signedIn = await auth.login({ ...result.session, user: result.user });
      if (!signedIn) {
        fail(ACCOUNT_FALLBACK_MESSAGES.login);
        return;
      }
      await navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true });
    },
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
      {form.failure}
      <form
        noValidate
        onSubmit={form.onSubmit}
        ref={preloadAccountCallsOnFocus}
        className="flex flex-col gap-5"
      >
        <CredentialsFields form={form} />
        <Button type="submit" busy={form.busy} busyLabel="Iniciando sesión..." className="w-full">
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
