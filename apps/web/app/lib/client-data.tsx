import { isApiError, NO_CASE_MESSAGE } from '@cbp/core';
import { Alert, AlertTitle, Button, useToast } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { useAuth, type AuthContextValue } from './auth';

const RETRY = 'Intentar de nuevo';

/** What a failure says to the client: the server's (or the API client's) Spanish message, or ours. */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

export type ClientData<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'loaded'; readonly data: T };

/** The same load seen through `f`, for two pieces of a screen that read one answer. */
export function mapClientData<T, U>(data: ClientData<T>, f: (value: T) => U): ClientData<U> {
  return data.kind === 'loaded' ? { kind: 'loaded', data: f(data.data) } : data;
}

/**
 * Loads what a screen of the client area shows. `retry` starts again from "loading"; `reload`
 * asks again while the current data stays on screen (after an action changed it).
 */
export function useClientData<T>(
  load: (call: AuthContextValue['authorizedCall']) => Promise<T>,
  failedMessage: string,
) {
  const { authorizedCall } = useAuth();
  const [state, setState] = React.useState<ClientData<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = React.useState(0);
  const onLoad = React.useEffectEvent(load);
  const onFailure = React.useEffectEvent((error: unknown) => {
    console.error(failedMessage, error);
    setState({ kind: 'failed', message: failureText(error, failedMessage) });
  });

  React.useEffect(() => {
    let current = true;
    onLoad(authorizedCall).then(
      (data) => {
        if (current) setState({ kind: 'loaded', data });
      },
      (error: unknown) => {
        if (current) onFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [authorizedCall, attempt]);

  const retry = React.useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const reload = React.useCallback(() => {
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry, reload };
}

/**
 * An account without a case (it never ran the simulator signed in, or its earlier simulations
 * could not be told from a stranger's): trying again would not help, running the simulator does.
 */
export function NoCase() {
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <Alert variant="info">
        <AlertTitle>{NO_CASE_MESSAGE}</AlertTitle>
        <p>
          Empieza comprobando si cumples los requisitos en el simulador. Como has iniciado sesión,
          tu resultado quedará guardado en tu cuenta y podrás seguir aquí.
        </p>
      </Alert>
      <div>
        <Button asChild size="lg">
          <Link to="/simulador">Comenzar simulación</Link>
        </Button>
      </div>
    </div>
  );
}

/** A screen of the client area that could not load: why, in Spanish, and the way to try again. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  if (message === NO_CASE_MESSAGE) return <NoCase />;
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="error">
        <p>{message}</p>
      </Alert>
      <div>
        <Button size="lg" onClick={onRetry}>
          {RETRY}
        </Button>
      </div>
    </div>
  );
}

/** A button that downloads a file of the case; a failure is a toast that offers to try again. */
export function DownloadButton({
  label,
  busyLabel,
  failedMessage,
  download,
}: {
  label: string;
  busyLabel: string;
  failedMessage: string;
  download: () => Promise<void>;
}) {
  const toast = useToast();
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      console.error(failedMessage, error);
      toast.error(failureText(error, failedMessage), {
        action: { label: RETRY, altText: RETRY, onClick: () => void run() },
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" busy={busy} busyLabel={busyLabel} onClick={() => void run()}>
      {label}
    </Button>
  );
}
