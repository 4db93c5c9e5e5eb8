import { AppShell } from '@cbp/ui';
import { Outlet } from 'react-router';

import { routerLink } from '../config/navigation';
import { SITE } from '../config/site';
import { CaseProgressProvider, useCaseProgress } from '../features/shell/progress';
import { useSignOut } from '../features/shell/sign-out';
import { menuHref, taskMenuItems } from '../features/shell/tasks';
import { RequireAuth } from '../lib/auth';
import { useCurrentPath } from '../lib/current-path';
import { MAIN_ID } from '../lib/route-focus';

/** The client area's frame: the side menu is the client's task list, with states from the server. */
function PrivateFrame() {
  const pathname = useCurrentPath();
  const { states } = useCaseProgress();
  const { signOut, dialog } = useSignOut();
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
      <Outlet />
      {dialog}
    </AppShell>
  );
}

/** /app and everything under it: the guard, then the client area's frame. */
export default function PrivateLayout() {
  return (
    <RequireAuth>
      <CaseProgressProvider>
        <PrivateFrame />
      </CaseProgressProvider>
    </RequireAuth>
  );
}
