import type { BillingStatus } from '@cbp/core';
import { Alert, Button, LoadingState } from '@cbp/ui';
import * as React from 'react';
import { Link, useLoaderData } from 'react-router';

import { useReload, type Loaded } from '../../lib/client-loader';
import { useCaseProgress } from '../shell/progress';
import { nextTask } from '../shell/tasks';
import type { completedLoader } from './loader';
import {
  completedView,
  instalmentSchedule,
  shouldPollAgain,
  STATUS_POLL,
  type CompletedView,
} from './state';
import { COMPLETED, REFRESH_STATUS, RETRY, splitPaidText } from './strings';

type Check =
  | { readonly kind: 'checking' }
  | { readonly kind: 'failed'; readonly message: string }
  | {
      readonly kind: 'known';
      readonly view: CompletedView;
      readonly status: BillingStatus;
      readonly attempts: number;
    };

/** How many times the loader has read the payment since the page opened or was asked again. */
interface Reads {
  readonly of: Loaded<BillingStatus>;
  readonly attempts: number;
  /** 'Comprobar de nuevo' was pressed and its answer has not come yet. */
  readonly asked: boolean;
}

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
  const { states, refresh: refreshProgress } = useCaseProgress();
  const loaded = useLoaderData<typeof completedLoader>();
  const { reload } = useReload();
  const [reads, setReads] = React.useState<Reads>({ of: loaded, attempts: 1, asked: false });
  // A new answer from the loader counts as one more attempt (adjusted while rendering).
  if (reads.of !== loaded) setReads({ of: loaded, attempts: reads.attempts + 1, asked: false });
  const attempts = reads.of === loaded ? reads.attempts : reads.attempts + 1;
  const check: Check =
    reads.asked && reads.of === loaded
      ? { kind: 'checking' }
      : loaded.kind === 'failed'
        ? loaded
        : { kind: 'known', view: completedView(loaded.data), status: loaded.data, attempts };
  const view = check.kind === 'known' ? check.view : null;

  React.useEffect(() => {
    if (view === 'paid') refreshProgress();
  }, [loaded, view, refreshProgress]);

  // The payment's webhook may come after the person: ask again a few times while it is due.
  React.useEffect(() => {
    if (view === null || reads.asked || !shouldPollAgain(view, attempts)) return;
    const timer = window.setTimeout(reload, STATUS_POLL.intervalMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [loaded, view, attempts, reads.asked, reload]);

  const again = () => {
    setReads({ of: loaded, attempts: 0, asked: true });
    reload();
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
