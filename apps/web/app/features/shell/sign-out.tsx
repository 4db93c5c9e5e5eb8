import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { saveOpenForms } from '../../lib/forms/use-autosave';
import { LeaveQuestion } from '../../lib/leave-question';

export const UNSAVED_CHANGES = {
  title: 'Tienes cambios sin guardar',
  text: 'No hemos podido guardar tus últimos cambios. Si cierras sesión ahora, se perderán: al cerrar sesión borramos de este dispositivo lo que no se ha guardado.',
  stay: 'Volver a mis datos',
  leave: 'Cerrar sesión sin guardar',
} as const;

/**
 * Signing out of the client area: what the forms on screen have not saved goes to the server
 * first, since signing out forgets this browser's copies. When it cannot be saved (no
 * connection), the person chooses: go back to it, or sign out and lose it.
 */
export function useSignOut(): { signOut: () => void; dialog: React.ReactNode } {
  const { logout } = useAuth();
  const [unsaved, setUnsaved] = React.useState(false);

  const signOut = React.useCallback(() => {
    void saveOpenForms().then((saved) => {
      if (saved) void logout();
      else setUnsaved(true);
    });
  }, [logout]);

  const dialog = (
    <LeaveQuestion
      open={unsaved}
      text={UNSAVED_CHANGES}
      onStay={() => {
        setUnsaved(false);
      }}
      onLeave={() => {
        setUnsaved(false);
        void logout();
      }}
    />
  );
  return { signOut, dialog };
}
