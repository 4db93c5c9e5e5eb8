import { AppShell, type AppShellItem } from '@cbp/ui';
import { Outlet } from 'react-router';

import { routerLink } from '../../lib/router-link';
import { useCurrentPath } from '../../lib/current-path';
import { MAIN_ID } from '../../lib/main-id';
import { RequireStaff, useStaff, useStaffMember } from './context';
import { SERIES_PATH } from './series';
import { GESTION_TEXT } from './strings';

function menuFor(isAdmin: boolean): AppShellItem[] {
  return [
    { href: '/gestion/leads', label: 'Leads' },
    { href: '/gestion/fases', label: 'Fases' },
    { href: SERIES_PATH, label: 'Euríbor e IPREM' },
    ...(isAdmin ? [{ href: '/gestion/equipo', label: 'Equipo' }] : []),
    { href: '/gestion/auditoria', label: 'Auditoría' },
  ];
}

/** The section the current address belongs to, so a lead's page marks "Leads" as current. */
function sectionOf(pathname: string): string {
  const [, , section] = pathname.split('/');
  return section === undefined ? pathname : `/gestion/${section}`;
}

function Frame() {
  const { logout } = useStaff();
  const staff = useStaffMember();
  const pathname = useCurrentPath();
  return (
    <AppShell
      brand={GESTION_TEXT.brand}
      brandHref="/gestion/leads"
      items={menuFor(staff.rol === 'admin')}
      currentHref={sectionOf(pathname)}
      onSignOut={() => void logout()}
      navLabel={GESTION_TEXT.navLabel}
      renderLink={routerLink}
      mainId={MAIN_ID}
    >
      <Outlet />
    </AppShell>
  );
}

/** Every back-office page but sign-in and activation: the guard, then the staff menu. */
export default function GestionFrame() {
  return (
    <RequireStaff>
      <Frame />
    </RequireStaff>
  );
}
