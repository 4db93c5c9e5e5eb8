import { isApiError, type BillingStatus } from '@cbp/core';
import { Alert, AlertTitle, Button, LoadingState } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { useAuth } from '../../lib/auth';
import { useCaseProgress } from '../shell/progress';
import { loadBillingStatus } from './api';
import { cancelledView } from './cancelled';
import { CANCELLED, LOAD_FAILED, RETRY } from './strings';

type Check =
  | { readonly kind: 'checking' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'known'; readonly status: BillingStatus };

/**
 * /app/pago-cancelado (spec 02, 2.7): the checkout was left without paying. What it says comes
 * from the server's payment and contract: a paid client is told so, and nothing is said to be
 * saved that was never chosen.
 */
export function PaymentCancelledPage() {
  const { authorizedCall } = useAuth();
  const { states } = useCaseProgress();
  const [check, setCheck] = React.useState<Check>({ kind: 'checking' });
  const [round, setRound] = React.useState(0);

  React.useEffect(() => {
    let current = true;
    loadBillingStatus(authorizedCall).then(
      (status) => {
        if (current) setCheck({ kind: 'known', status });
      },
      (error: unknown) => {
        console.error('Error al comprobar el pago', error);
        if (current) {
          setCheck({ kind: 'failed', message: isApiError(error) ? error.message : LOAD_FAILED });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [authorizedCall, round]);

  if (check.kind !== 'known') {
    return (
      <div className="flex max-w-3xl min-w-0 flex-col gap-6" aria-live="polite">
        <h1 className="text-3xl leading-tight font-bold">{CANCELLED.title}</h1>
        {check.kind === 'checking' ? (
          <LoadingState label={CANCELLED.checking} />
        ) : (
          <>
            <Alert variant="error">
              <p>{check.message}</p>
            </Alert>
            <div>
              <Button
                size="lg"
                onClick={() => {
                  setCheck({ kind: 'checking' });
                  setRound((count) => count + 1);
                }}
              >
                {RETRY}
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }

  const view = cancelledView(check.status, states);
  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-6" aria-live="polite">
      <h1 className="text-3xl leading-tight font-bold">{view.title}</h1>
      <Alert variant="info">
        <AlertTitle>{view.title}</AlertTitle>
        <p>{view.text}</p>
      </Alert>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={view.primary.href}>{view.primary.label}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/app">{CANCELLED.toApp}</Link>
        </Button>
      </div>
    </div>
  );
}
