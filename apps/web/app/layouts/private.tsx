import { AppShell, type AppShellItem } from '@cbp/ui';
import { Outlet } from 'react-router';

import { routerLink } from '../config/navigation';
import { SITE } from '../config/site';
import { RequireAuth, useAuth } from '../lib/auth';
import { useCurrentPath } from '../lib/current-path';
import { MAIN_ID } from '../lib/route-focus';

/**
 * The side menu lists the sections of spec 02 that exist in this build; each section adds
 * its entry with its route (docs/decisions/0404-private-area-guard.md).
 */
const PRIVATE_MENU: readonly AppShellItem[] = [{ href: '/app', label: 'Inicio' }];

function PrivateFrame() {
  const pathname = useCurrentPath();
  const { logout } = useAuth();
  return (
    <AppShell
      brand={SITE.name}
      brandHref="/app"
      items={PRIVATE_MENU}
      currentHref={pathname}
      onSignOut={() => void logout()}
      renderLink={routerLink}
      mainId={MAIN_ID}
    >
      <Outlet />
    </AppShell>
  );
}

/** /app and everything under it: the guard, then the client area's frame. */
export default function PrivateLayout() {
  return (
    <RequireAuth>
      <PrivateFrame />
    </RequireAuth>
  );
}
