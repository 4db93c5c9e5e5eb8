import { NO_CASE_MESSAGE } from '@cbp/core';
import { Alert, AlertTitle, Button } from '@cbp/ui';
import { Link } from 'react-router';

import { useReload } from './client-loader';

export const RETRY = 'Intentar de nuevo';

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

/**
 * A screen of the client area whose data could not be read: why, in Spanish, and the way to
 * try again, which reads every loader of the page again.
 */
export function LoadFailure({ message }: { message: string }) {
  const { reload, reloading } = useReload();
  if (message === NO_CASE_MESSAGE) return <NoCase />;
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="error">
        <p>{message}</p>
      </Alert>
      <div>
        <Button size="lg" busy={reloading} busyLabel="Cargando..." onClick={reload}>
          {RETRY}
        </Button>
      </div>
    </div>
  );
}
