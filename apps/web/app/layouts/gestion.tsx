import { Outlet } from 'react-router';

import { StaffSessionProvider } from '../features/gestion/context';

/**
 * /gestion and everything under it: the firm's back-office, client-rendered, with its own
 * staff session and no public header or footer. Its code loads only on these addresses.
 */
export default function GestionLayout() {
  return (
    <StaffSessionProvider>
      <Outlet />
    </StaffSessionProvider>
  );
}
