import { LoadingState } from '@cbp/ui';

import { MAIN_ID } from './main-id';

/** A whole page that is still starting: the app before it renders, /app while it checks the session. */
export function PageLoading() {
  return (
    <main id={MAIN_ID} className="flex min-h-dvh items-center justify-center">
      <LoadingState label="Cargando..." />
    </main>
  );
}
