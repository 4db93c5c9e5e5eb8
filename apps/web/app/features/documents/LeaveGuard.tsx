import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@cbp/ui';
import * as React from 'react';
import { useBlocker } from 'react-router';

import { focusHeading, MAIN_ID } from '../../lib/route-focus';
import { LEAVE_WHILE_SENDING } from './strings';

/**
 * While a file is on its way, leaving the screen would stop it: a link asks first, and closing
 * or reloading the tab gets the browser's own warning. Signing out is never held back.
 */
export function LeaveGuard({ active }: { active: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      nextLocation.pathname !== '/login' &&
      nextLocation.pathname !== currentLocation.pathname,
  );

  React.useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [active]);

  const leaving = React.useRef(false);
  // The file finished while the question was open: nothing is lost by going on.
  React.useEffect(() => {
    if (!active && blocker.state === 'blocked') {
      leaving.current = true;
      blocker.proceed();
    }
  }, [active, blocker]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogContent
        size="sm"
        onCloseAutoFocus={(event) => {
          // Opened by a link of the menu, now closed: staying puts the focus back on the page;
          // leaving lets the next page place it.
          event.preventDefault();
          if (!leaving.current) focusHeading(document.getElementById(MAIN_ID));
        }}
      >
        <DialogHeader>
          <DialogTitle>{LEAVE_WHILE_SENDING.title}</DialogTitle>
          <DialogDescription>{LEAVE_WHILE_SENDING.text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            onClick={() => {
              if (blocker.state === 'blocked') blocker.reset();
            }}
          >
            {LEAVE_WHILE_SENDING.stay}
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              if (blocker.state !== 'blocked') return;
              leaving.current = true;
              blocker.proceed();
            }}
          >
            {LEAVE_WHILE_SENDING.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
