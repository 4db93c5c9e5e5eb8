import { AppShell, LoadingState } from '@cbp/ui';
import { Outlet, useNavigation } from 'react-router';

import { routerLink } from '../lib/router-link';
import { SITE } from '../config/site';
import { CaseProgressProvider, useCaseProgress } from '../features/shell/progress';
import { useSignOut } from '../features/shell/sign-out';
import { menuHref, taskMenuItems } from '../features/shell/tasks';
import { RequireAuth } from '../lib/auth';
import { normalizePath, useCurrentPath } from '../lib/current-path';
import { MAIN_ID } from '../lib/main-id';

/** The client area's frame: the side menu is the client's task list, with states from the server. */
function PrivateFrame() {
  const pathname = useCurrentPath();
  const { states } = useCaseProgress();
  const { signOut, dialog } = useSignOut();
  // While the next screen's loader reads its data, the screen being left is not shown as if it
  // were the new one (or still usable): its place says that the next one is loading.
  const navigation = useNavigation();
  const leaving =
    navigation.state === 'loading' && normalizePath(navigation.location.pathname) !== pathname;
  return (
    <AppShell
      brand={SITE.name}
      brandHref="/app"
      tasks={taskMenuItems(states)}
      currentHref={menuHref(pathname)}
      onSignOut={signOut}
      renderLink={routerLink}
      mainId={MAIN_ID}
    >
      {leaving ? <LoadingState label="Cargando..." /> : <Outlet />}
      {dialog}
    </AppShell>
  );
}

/**
 * /app and everything under it: the guard, then the client area's frame. Each screen's data is
 * read by its route's `clientLoader` (docs/decisions/0815-client-area-loaders.md).
 */
export default function PrivateLayout() {
  return (
    <RequireAuth>
      <CaseProgressProvider>
        <PrivateFrame />
      </CaseProgressProvider>
    </RequireAuth>
  );
}
