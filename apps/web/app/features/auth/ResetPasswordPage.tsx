import {
  ACCOUNT_FALLBACK_MESSAGES,
  isApiError,
  type PasswordLinkPurpose,
  parseRecoveryUrl,
  RECOVERY_MESSAGES,
  RECOVERY_TYPE,
  RULES,
} from '@cbp/core';
import { Alert, Button, LoadingState, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link, useNavigate } from 'react-router';

import { useAuth } from '../../lib/auth';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { AuthScreen } from './AuthScreen';
import { accountFailureMessage, loadAccountCalls } from './load-account-calls';
import { NewPasswordFields } from './NewPasswordFields';
import { PASSWORD_PAGE_WORDING } from './strings';

const REDIRECT_SECONDS = RULES.timings.passwordRedirectMs / 1000;

function subscribeToAddress(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
  };
}

/**
 * The page's full address, which carries the recovery token in its fragment. Null while the
 * page is prerendered, where there is no address to read.
 */
function useAddress(): string | null {
  return React.useSyncExternalStore(
    subscribeToAddress,
    () => window.location.href,
    () => null,
  );
}

/** Why the link cannot work, checked in the order the server checks it; null when it can. */
function linkProblem(address: string): string | null {
  const { accessToken, type } = parseRecoveryUrl(address);
  if (type !== RECOVERY_TYPE) return RECOVERY_MESSAGES.invalidType;
  if (accessToken === null) return RECOVERY_MESSAGES.invalidLink;
  return null;
}

/** What the server says the link is for; a failed check names the link's problem. */
type LinkCheck =
  | { readonly kind: 'checking' }
  | { readonly kind: 'known'; readonly purpose: PasswordLinkPurpose }
  | { readonly kind: 'invalid'; readonly message: string }
  /** The server could not be asked: the page says neither "crea" nor "nueva". */
  | { readonly kind: 'unknown' };

/** The link's purpose from the server (decision 0681), checked once per address. */
function useLinkCheck(address: string | null): LinkCheck {
  const [answer, setAnswer] = React.useState<{ address: string; check: LinkCheck } | null>(null);
  React.useEffect(() => {
    if (address === null || linkProblem(address) !== null) return;
    let current = true;
    void loadAccountCalls()
      .then(({ api }) => api().passwordLinkPurpose({ recovery_url: address }))
      .then(
        (purpose): LinkCheck => ({ kind: 'known', purpose }),
        (error: unknown): LinkCheck =>
          isApiError(error) && error.status === 400
            ? { kind: 'invalid', message: error.message }
            : { kind: 'unknown' },
      )
      .then((check) => {
        if (current) setAnswer({ address, check });
      });
    return () => {
      current = false;
    };
  }, [address]);
  return answer !== null && answer.address === address ? answer.check : { kind: 'checking' };
}

/** The page of the e-mailed link that creates or resets the client's password. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const address = useAddress();
  const check = useLinkCheck(address);
  const words = PASSWORD_PAGE_WORDING[check.kind === 'known' ? check.purpose : 'unknown'];
  const [updated, setUpdated] = React.useState(false);

  React.useEffect(() => {
    if (!updated) return;
    const timer = window.setTimeout(() => {
      // A new password ends this browser's session too: it signs in with the password.
      if (auth.status === 'unauthenticated') void navigate('/login');
      else void auth.logout();
    }, RULES.timings.passwordRedirectMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [updated, navigate, auth]);

  const problem =
    address === null
      ? null
      : (linkProblem(address) ?? (check.kind === 'invalid' ? check.message : null));

  const form = useZodForm({
    loadSchema: async () => (await loadAccountCalls()).newPasswordFormSchema,
    initial: { password: '', confirmacion: '' },
    failureMessage: (error) =>
      isApiError(error)
        ? error.message
        : accountFailureMessage(error, ACCOUNT_FALLBACK_MESSAGES.updatePassword),
    submit: async ({ password }) => {
      if (address === null) return;
      // The session of the simulation made in this browser tells the server which one is the
      // person's; without one the password is still set (decision 0560).
      const session =
        auth.status === 'unauthenticated'
          ? undefined
          : await auth.accessToken().catch(() => undefined);
      const { api } = await loadAccountCalls();
      await api().updatePassword({ password, recovery_url: address }, { accessToken: session });
      setUpdated(true);
    },
  });

  const footer = (
    <p>
      <TextLink asChild>
        <Link to="/login">Volver a iniciar sesión</Link>
      </TextLink>
    </p>
  );

  if (problem !== null) {
    return (
      <AuthScreen title={words.title} footer={footer}>
        <Alert variant="error">
          <p>{problem}</p>
          <p>
            Abre el enlace completo del último correo que te enviamos o{' '}
            <TextLink asChild>
              <Link to="/reset-password-request">solicita un enlace nuevo</Link>
            </TextLink>
            .
          </p>
        </Alert>
      </AuthScreen>
    );
  }

  if (updated) {
    return (
      <AuthScreen title={words.title} footer={footer}>
        <Alert variant="success">
          <p>{words.success}</p>
          <p>
            En {REDIRECT_SECONDS} segundos te llevamos a la página de acceso para que inicies
            sesión.
          </p>
        </Alert>
      </AuthScreen>
    );
  }

  if (address === null || check.kind === 'checking') {
    return (
      <AuthScreen title={words.title} footer={footer}>
        <LoadingState label="Comprobando el enlace..." />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title={words.title}
      intro="Escríbela dos veces para evitar errores."
      footer={footer}
    >
      {form.summary}
      {form.failure}
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-5">
        <NewPasswordFields form={form} labels={words} />
        <Button type="submit" busy={form.busy} busyLabel="Guardando..." className="w-full">
          Guardar contraseña
        </Button>
      </form>
    </AuthScreen>
  );
}
