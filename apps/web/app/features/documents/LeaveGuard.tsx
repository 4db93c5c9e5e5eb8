import * as React from 'react';
import { useBlocker } from 'react-router';

import { LeaveQuestion } from '../../lib/leave-question';
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

  // The file finished while the question was open: nothing is lost by going on.
  React.useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.proceed();
  }, [active, blocker]);

  return (
    <LeaveQuestion
      open={blocker.state === 'blocked'}
      text={LEAVE_WHILE_SENDING}
      onStay={() => {
        if (blocker.state === 'blocked') blocker.reset();
      }}
      onLeave={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
