import { madridDay, RULES } from '@cbp/core';
import { Alert, AlertTitle, Button } from '@cbp/ui';
import * as React from 'react';
import { useFetcher, useLoaderData } from 'react-router';

import { useAuth } from '../../lib/auth';
import { failureText, mapLoaded } from '../../lib/client-loader';
import { LoadFailure } from '../../lib/load-failure';
import { useCaseProgress } from '../shell/progress';
import { goToCheckout, loadTransferInstructions } from './api';
import { BenefitsSummary, FeeSection, PlanFaq, Testimonials } from './FeesSections';
import { WITHDRAW_INTENT, type clientAction, type clientLoader } from './loader';
import { ContractDownload, InstalmentSchedule, PaymentsList, Withdrawal } from './PaidSections';
import { PaymentFlow } from './PaymentFlow';
import {
  benefitsOf,
  billingView,
  instalmentSchedule,
  planPageTitle,
  type BillingView,
} from './state';
import {
  CHOOSE_AGAIN,
  PAID_TITLE,
  paidText,
  REFUNDED_TEXT,
  REFUNDED_TITLE,
  REOPEN_CHECKOUT,
  RETRY,
  SHOW_TRANSFER,
  STARTED_TITLE,
  WAITING,
  WAITING_CARD,
  WAITING_TRANSFER,
  withdrawnText,
  WITHDRAWN_TITLE,
} from './strings';
import { TransferDetails } from './TransferDetails';
import { planGate } from './verdict';
import { VerdictBanner } from './VerdictBanner';

function PendingPanel({
  view,
  onChooseAgain,
}: {
  view: Extract<BillingView, { kind: 'pending' }>;
  onChooseAgain: () => void;
}) {
  const { authorizedCall, user } = useAuth();
  const [busy, setBusy] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [transfer, setTransfer] = React.useState<Awaited<
    ReturnType<typeof loadTransferInstructions>
  > | null>(null);

  const reopen = async () => {
    setBusy(true);
    setFailure(null);
    try {
      if (view.method === 'transferencia') {
        setTransfer(await loadTransferInstructions(authorizedCall));
        setBusy(false);
      } else {
        const leadId = user?.leadId;
        if (leadId === undefined || leadId === null) throw new Error('Sin expediente');
        await goToCheckout(
          authorizedCall,
          { plan: view.plan, leadId, userId: user?.id ?? null },
          user?.email ?? null,
        );
      }
    } catch (error) {
      console.error('Error al reabrir el pago', error);
      setFailure(failureText(error, 'Error al crear la sesión de pago'));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="esperando" className="flex flex-col gap-4">
      <Alert variant="info">
        <AlertTitle>
          <span id="esperando">{WAITING}</span>
        </AlertTitle>
        <p>{view.method === 'transferencia' ? WAITING_TRANSFER : WAITING_CARD}</p>
      </Alert>
      {failure === null ? null : (
        <Alert variant="error">
          <p>{failure}</p>
        </Alert>
      )}
      {transfer === null ? (
        <div className="flex flex-wrap gap-3">
          <Button busy={busy} onClick={() => void reopen()}>
            {failure !== null
              ? RETRY
              : view.method === 'transferencia'
                ? SHOW_TRANSFER
                : REOPEN_CHECKOUT}
          </Button>
          <Button variant="outline" onClick={onChooseAgain}>
            {CHOOSE_AGAIN}
          </Button>
        </div>
      ) : (
        <TransferDetails headingId="datos-transferencia" transfer={transfer} />
      )}
    </section>
  );
}

/** /app/honorarios (spec 02, 2.4 and 4.5): what the case's payment state calls for. */
export function PlanPage() {
  const { refresh: refreshProgress } = useCaseProgress();
  const { billing: load, latest } = useLoaderData<typeof clientLoader>();
  const benefits = mapLoaded(latest, benefitsOf);
  const gate = planGate(mapLoaded(latest, (record) => record?.resultado ?? null));
  const [choosingAgain, setChoosingAgain] = React.useState(false);
  // 'Desistir' answers through the fetcher its dialog submits with (the same key).
  const withdrawal = useFetcher<typeof clientAction>({ key: WITHDRAW_INTENT });
  const withdrawn = withdrawal.state === 'idle' ? withdrawal.data : undefined;
  const notice = withdrawn?.ok === true ? withdrawn.message : null;
  React.useEffect(() => {
    if (notice !== null) refreshProgress();
  }, [notice, refreshProgress]);

  const view: BillingView | null =
    load.kind === 'loaded' ? billingView(load.data, madridDay(new Date())) : null;
  const showFlow = view !== null && (view.kind === 'choose' || choosingAgain);
  const schedule = view?.kind === 'paid' ? instalmentSchedule(view.plan, view.payments) : null;

  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-10">
      <h1 className="text-3xl leading-tight font-bold">{planPageTitle(view)}</h1>
      {load.kind === 'failed' ? <LoadFailure message={load.message} /> : null}

      {notice === null ? null : (
        <Alert variant="success">
          <p>{notice}</p>
        </Alert>
      )}

      {showFlow ? (
        <>
          {/* Each says once why there are no figures and links to the calculator. */}
          <VerdictBanner gate={gate} />
          {gate.kind === 'does-not-qualify' ? null : <BenefitsSummary load={benefits} />}
          {gate.offerPayment ? <PaymentFlow onSigned={refreshProgress} /> : null}
          <Testimonials />
          <PlanFaq />
          <FeeSection />
        </>
      ) : null}

      {view?.kind === 'pending' && !choosingAgain ? (
        <>
          <PendingPanel
            view={view}
            onChooseAgain={() => {
              setChoosingAgain(true);
            }}
          />
          <ContractDownload />
        </>
      ) : null}

      {view?.kind === 'paid' ? (
        <>
          <Alert variant="success">
            <AlertTitle>
              {schedule?.some((charge) => charge.state !== 'paid') === true
                ? STARTED_TITLE
                : PAID_TITLE}
            </AlertTitle>
            <p>{paidText(RULES.plans[view.plan].nombre)}</p>
          </Alert>
          <ContractDownload />
          {schedule === null ? null : (
            <InstalmentSchedule plan={view.plan} method={view.method} schedule={schedule} />
          )}
          <PaymentsList payments={view.payments} plan={view.plan} />
          {view.withdrawUntil === null ? null : <Withdrawal until={view.withdrawUntil} />}
          <FeeSection />
        </>
      ) : null}

      {view?.kind === 'withdrawn' || view?.kind === 'refunded' ? (
        <>
          <Alert variant="info">
            <AlertTitle>{view.kind === 'withdrawn' ? WITHDRAWN_TITLE : REFUNDED_TITLE}</AlertTitle>
            <p>{view.kind === 'withdrawn' ? withdrawnText(view.payments) : REFUNDED_TEXT}</p>
          </Alert>
          <ContractDownload />
        </>
      ) : null}
    </div>
  );
}
