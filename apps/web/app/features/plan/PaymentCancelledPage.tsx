import { Alert, AlertTitle, Button } from '@cbp/ui';
import { Link, useLoaderData } from 'react-router';

import { useReload } from '../../lib/client-loader';
import { useCaseProgress } from '../shell/progress';
import { cancelledView } from './cancelled';
import type { cancelledLoader } from './loader';
import { CANCELLED, RETRY } from './strings';

/**
 * /app/pago-cancelado (spec 02, 2.7): the checkout was left without paying. What it says comes
 * from the server's payment and contract: a paid client is told so, and nothing is said to be
 * saved that was never chosen.
 */
export function PaymentCancelledPage() {
  const { states } = useCaseProgress();
  const check = useLoaderData<typeof cancelledLoader>();
  const { reload, reloading } = useReload();

  if (check.kind === 'failed') {
    return (
      <div className="flex max-w-3xl min-w-0 flex-col gap-6" aria-live="polite">
        <h1 className="text-3xl leading-tight font-bold">{CANCELLED.title}</h1>
        <Alert variant="error">
          <p>{check.message}</p>
        </Alert>
        <div>
          <Button size="lg" busy={reloading} busyLabel={CANCELLED.checking} onClick={reload}>
            {RETRY}
          </Button>
        </div>
      </div>
    );
  }

  const view = cancelledView(check.data, states);
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
