import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { saveOpenForms } from '../../lib/forms/use-autosave';
import { focusHeading, MAIN_ID } from '../../lib/route-focus';

export const UNSAVED_TITLE = 'Tienes cambios sin guardar';
export const UNSAVED_TEXT =
  'No hemos podido guardar tus últimos cambios. Si cierras sesión ahora, se perderán: al cerrar sesión borramos de este dispositivo lo que no se ha guardado.';
export const STAY = 'Volver a mis datos';
export const SIGN_OUT_ANYWAY = 'Cerrar sesión sin guardar';

/**
 * Signing out of the client area: what the forms on screen have not saved goes to the server
 * first, since signing out forgets this browser's copies. When it cannot be saved (no
 * connection), the person chooses: go back to it, or sign out and lose it.
 */
export function useSignOut(): { signOut: () => void; dialog: React.ReactNode } {
  const { logout } = useAuth();
  const [unsaved, setUnsaved] = React.useState(false);
  const leaving = React.useRef(false);

  const signOut = React.useCallback(() => {
    void saveOpenForms().then((saved) => {
      if (saved) void logout();
      else setUnsaved(true);
    });
  }, [logout]);

  const dialog = (
    <Dialog open={unsaved} onOpenChange={setUnsaved}>
      <DialogContent
        size="sm"
        onCloseAutoFocus={(event) => {
          // The button that opened it was in the menu, now closed: back to the page instead.
          event.preventDefault();
          if (!leaving.current) focusHeading(document.getElementById(MAIN_ID));
        }}
      >
        <DialogHeader>
          <DialogTitle>{UNSAVED_TITLE}</DialogTitle>
          <DialogDescription>{UNSAVED_TEXT}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>{STAY}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              leaving.current = true;
              setUnsaved(false);
              void logout();
            }}
          >
            {SIGN_OUT_ANYWAY}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
  return { signOut, dialog };
}
