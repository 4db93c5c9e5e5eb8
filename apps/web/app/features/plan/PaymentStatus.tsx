import { RULES } from '@cbp/core';
import { Alert, AlertTitle, Button } from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { failureText } from '../../lib/client-loader';
import { goToCheckout, loadTransferInstructions } from './api';
import { FeeSection } from './FeesSections';
import { ContractDownload, InstalmentSchedule, PaymentsList, Withdrawal } from './PaidSections';
import { instalmentSchedule, type BillingView } from './state';
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

/** A payment state after a plan was chosen. */
export type ChosenPlanView = Exclude<BillingView, { kind: 'choose' }>;

export interface PaymentStatusProps {
  view: ChosenPlanView;
  /** 'Elegir otro plan' while the payment waits. */
  onChooseAgain: () => void;
}

/**
 * /app/honorarios once a plan is chosen: the payment that waits, the plan paid with its
 * instalments and receipts, or the withdrawal. Loaded apart from the plans (plan/loader.ts), so a
 * first visit, which shows the plans, does not download it.
 */
export function PaymentStatus({ view, onChooseAgain }: PaymentStatusProps) {
  switch (view.kind) {
    case 'pending':
      return (
        <>
          <PendingPanel view={view} onChooseAgain={onChooseAgain} />
          <ContractDownload />
        </>
      );
    case 'paid': {
      const schedule = instalmentSchedule(view.plan, view.payments);
      return (
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
      );
    }
    case 'withdrawn':
    case 'refunded':
      return (
        <>
          <Alert variant="info">
            <AlertTitle>{view.kind === 'withdrawn' ? WITHDRAWN_TITLE : REFUNDED_TITLE}</AlertTitle>
            <p>{view.kind === 'withdrawn' ? withdrawnText(view.payments) : REFUNDED_TEXT}</p>
          </Alert>
          <ContractDownload />
        </>
      );
  }
}
