import { isApiError, type BillingStatus } from '@cbp/core';
import { Alert, Button, LoadingState } from '@cbp/ui';
import * as React from 'react';
import { Link, useSearchParams } from 'react-router';

import { useAuth } from '../../lib/auth';
import { useCaseProgress } from '../shell/progress';
import { nextTask } from '../shell/tasks';
import { loadBillingStatus } from './api';
import {
  completedView,
  instalmentSchedule,
  shouldPollAgain,
  STATUS_POLL,
  type CompletedView,
} from './state';
import { COMPLETED, LOAD_FAILED, REFRESH_STATUS, RETRY, splitPaidText } from './strings';

type Check =
  | { readonly kind: 'checking' }
  | { readonly kind: 'failed'; readonly message: string }
  | {
      readonly kind: 'known';
      readonly view: CompletedView;
      readonly status: BillingStatus;
      readonly attempts: number;
    };

function Links({ toPlan }: { toPlan: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild size="lg">
        <Link to="/app/honorarios">{toPlan}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/app">{COMPLETED.toApp}</Link>
      </Button>
    </div>
  );
}

/**
 * /app/pago-completado (spec 02, 2.7). The checkout sends people here whatever happened, and
 * anyone can type the address: success is said only once the server has the payment.
 */
export function PaymentCompletedPage() {
  const { authorizedCall } = useAuth();
  const { states, refresh: refreshProgress } = useCaseProgress();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [check, setCheck] = React.useState<Check>({ kind: 'checking' });
  const [round, setRound] = React.useState(0);

  React.useEffect(() => {
    let current = true;
    let timer: number | undefined;
    const ask = (attempts: number) => {
      loadBillingStatus(authorizedCall, sessionId).then(
        (status) => {
          if (!current) return;
          const view = completedView(status);
          setCheck({ kind: 'known', view, status, attempts: attempts + 1 });
          if (view === 'paid') refreshProgress();
          if (shouldPollAgain(view, attempts + 1)) {
            timer = window.setTimeout(() => {
              ask(attempts + 1);
            }, STATUS_POLL.intervalMs);
          }
        },
        (error: unknown) => {
          console.error('Error al comprobar el pago', error);
          if (current) {
            setCheck({ kind: 'failed', message: isApiError(error) ? error.message : LOAD_FAILED });
          }
        },
      );
    };
    ask(0);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [authorizedCall, sessionId, round, refreshProgress]);

  const again = () => {
    setCheck({ kind: 'checking' });
    setRound((count) => count + 1);
  };

  let content: React.ReactNode;
  let title: string = COMPLETED.checking;
  if (check.kind === 'checking') {
    content = <LoadingState label={COMPLETED.checking} />;
  } else if (check.kind === 'failed') {
    content = (
      <>
        <Alert variant="error">
          <p>{check.message}</p>
        </Alert>
        <div>
          <Button size="lg" onClick={again}>
            {RETRY}
          </Button>
        </div>
      </>
    );
  } else if (check.view === 'paid') {
    title = COMPLETED.paid;
    const contract = check.status.contrato;
    const schedule =
      contract === null ? null : instalmentSchedule(contract.plan, check.status.pagos);
    const next = nextTask(states, 'seleccionar-plan');
    content = (
      <>
        <p className="text-lg">{COMPLETED.paidText}</p>
        {contract === null || schedule === null ? null : (
          <p className="text-lg">{splitPaidText(contract.plan, contract.metodo, schedule)}</p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            {next?.href === undefined ? (
              <Link to="/app">{COMPLETED.toApp}</Link>
            ) : (
              <Link to={next.href}>{COMPLETED.next(next.label)}</Link>
            )}
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/app/honorarios">{COMPLETED.toPlanAndPayments}</Link>
          </Button>
        </div>
      </>
    );
  } else if (check.view === 'waiting') {
    title = COMPLETED.waiting;
    const polling = shouldPollAgain(check.view, check.attempts);
    content = (
      <>
        <p className="text-lg">{polling ? COMPLETED.waitingText : COMPLETED.stillWaiting}</p>
        {polling ? (
          <LoadingState label={COMPLETED.checking} />
        ) : (
          <div>
            <Button size="lg" onClick={again}>
              {REFRESH_STATUS}
            </Button>
          </div>
        )}
      </>
    );
  } else if (check.view === 'not-applied') {
    title = COMPLETED.notAppliedTitle;
    content = (
      <>
        <Alert variant="info">
          <p>{COMPLETED.notAppliedText}</p>
        </Alert>
        <Links toPlan={COMPLETED.toPlan} />
      </>
    );
  } else if (check.view === 'nothing-paid') {
    title = COMPLETED.nothingTitle;
    content = (
      <>
        <p className="text-lg">{COMPLETED.nothingText}</p>
        <Links toPlan={COMPLETED.toPlan} />
      </>
    );
  } else {
    title = COMPLETED.closedTitle;
    content = (
      <>
        <p className="text-lg">{COMPLETED.closedText}</p>
        <Links toPlan={COMPLETED.toPlan} />
      </>
    );
  }

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-6" aria-live="polite">
      <h1 className="text-3xl leading-tight font-bold">{title}</h1>
      {content}
    </div>
  );
}
