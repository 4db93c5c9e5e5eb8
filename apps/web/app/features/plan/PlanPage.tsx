import {
  formatDate,
  formatEuros,
  madridDay,
  RULES,
  type PaymentMethod,
  type PaymentRecord,
  type PlanId,
} from '@cbp/core';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  LoadingState,
} from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import {
  DownloadButton,
  failureText,
  LoadFailure,
  mapClientData,
  useClientData,
} from '../../lib/client-data';
import { useCaseProgress } from '../shell/progress';
import {
  downloadContract,
  downloadReceipt,
  goToCheckout,
  loadBillingStatus,
  loadLatestCalculation,
  loadTransferInstructions,
  withdraw,
} from './api';
import { BenefitsSummary, FeeSection, PlanFaq, Testimonials } from './FeesSections';
import { PaymentFlow } from './PaymentFlow';
import {
  benefitsOf,
  billingView,
  instalmentSchedule,
  paymentAmount,
  paymentLabel,
  paymentReceipt,
  planPageTitle,
  type BillingView,
  type ScheduledCharge,
} from './state';
import {
  CHOOSE_AGAIN,
  DOWNLOAD_CONTRACT,
  DOWNLOAD_RECEIPT,
  DOWNLOADING_CONTRACT,
  DOWNLOADING_RECEIPT,
  RECEIPT_DOWNLOAD_FAILED,
  CALCULATION_FAILED,
  instalmentsText,
  LOAD_FAILED,
  LOADING,
  NEXT_INSTALMENT_TRANSFER,
  PAID_TITLE,
  paidText,
  PAYMENT_COLUMNS,
  PAYMENTS_TITLE,
  REFUNDED_TEXT,
  REFUNDED_TITLE,
  REOPEN_CHECKOUT,
  RETRY,
  SCHEDULE_COLUMNS,
  SCHEDULE_STATES,
  SCHEDULE_TITLE,
  SHOW_TRANSFER,
  STARTED_TITLE,
  WAITING,
  WAITING_CARD,
  WAITING_TRANSFER,
  WITHDRAW,
  WITHDRAW_CANCEL,
  WITHDRAW_CONFIRM,
  WITHDRAW_CONFIRM_TEXT,
  WITHDRAW_CONFIRM_TITLE,
  WITHDRAWING,
  withdrawText,
  withdrawnText,
  WITHDRAWN_TITLE,
} from './strings';
import { TransferDetails } from './TransferDetails';
import { planGate } from './verdict';
import { VerdictBanner } from './VerdictBanner';

function PaymentsList({ payments, plan }: { payments: readonly PaymentRecord[]; plan: PlanId }) {
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="pagos" className="flex min-w-0 flex-col gap-3">
      <h2 id="pagos" className="text-2xl font-bold">
        {PAYMENTS_TITLE}
      </h2>
      <ul className="flex flex-col gap-3">
        {payments.map((payment) => (
          <li
            key={payment.id}
            className="rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground"
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-semibold">{PAYMENT_COLUMNS.concept}</dt>
              <dd>{paymentLabel(payment, RULES.plans[plan].cuotas)}</dd>
              <dt className="font-semibold">{PAYMENT_COLUMNS.date}</dt>
              <dd>{formatDate(payment.fecha)}</dd>
              <dt className="font-semibold">{PAYMENT_COLUMNS.amount}</dt>
              <dd className="tabular-nums">{paymentAmount(payment)}</dd>
              <dt className="font-semibold">{PAYMENT_COLUMNS.receipt}</dt>
              <dd className="break-all">{paymentReceipt(payment)}</dd>
            </dl>
            {payment.estado !== 'fallido' && payment.recibo !== null ? (
              <ReceiptDownload payment={{ id: payment.id, recibo: payment.recibo }} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The split plan's calendar: each charge with its date, amount and whether it is paid, and how
 * the instalments are paid (card by itself; transfer with the details for the next one).
 */
function InstalmentSchedule({
  plan,
  method,
  schedule,
}: {
  plan: PlanId;
  method: PaymentMethod;
  schedule: readonly ScheduledCharge[];
}) {
  const { authorizedCall } = useAuth();
  const [busy, setBusy] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [transfer, setTransfer] = React.useState<Awaited<
    ReturnType<typeof loadTransferInstructions>
  > | null>(null);
  const due = schedule.some((charge) => charge.state !== 'paid');

  const showTransfer = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setTransfer(await loadTransferInstructions(authorizedCall));
    } catch (error) {
      console.error('Error al cargar los datos de la transferencia', error);
      setFailure(failureText(error, 'No hemos podido cargar los datos de la transferencia'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="calendario" className="flex min-w-0 flex-col gap-3">
      <h2 id="calendario" className="text-2xl font-bold">
        {SCHEDULE_TITLE}
      </h2>
      {due ? <p>{instalmentsText(plan, method)}</p> : null}
      <ol className="flex flex-col gap-2" aria-labelledby="calendario">
        {schedule.map((charge) => (
          <li
            key={charge.label}
            className="rounded-lg border-2 border-border bg-surface p-3 text-surface-foreground"
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-4">
              <dt className="font-semibold">{SCHEDULE_COLUMNS.concept}</dt>
              <dd>{charge.label}</dd>
              <dt className="font-semibold">{SCHEDULE_COLUMNS.date}</dt>
              <dd>{formatDate(charge.day)}</dd>
              <dt className="font-semibold">{SCHEDULE_COLUMNS.amount}</dt>
              <dd className="tabular-nums">{formatEuros(charge.amount)}</dd>
              <dt className="font-semibold">{SCHEDULE_COLUMNS.state}</dt>
              <dd className={charge.state === 'failed' ? 'font-semibold text-danger-strong' : ''}>
                {SCHEDULE_STATES[charge.state]}
              </dd>
            </dl>
          </li>
        ))}
      </ol>
      {method === 'transferencia' && due && transfer === null ? (
        <div className="flex flex-col gap-3">
          {failure === null ? null : (
            <Alert variant="error">
              <p>{failure}</p>
            </Alert>
          )}
          <Button
            variant="outline"
            className="self-start"
            busy={busy}
            onClick={() => void showTransfer()}
          >
            {failure === null ? NEXT_INSTALMENT_TRANSFER : RETRY}
          </Button>
        </div>
      ) : null}
      {transfer === null ? null : <TransferDetails headingId="datos-cuota" transfer={transfer} />}
    </section>
  );
}

function ReceiptDownload({ payment }: { payment: { id: string; recibo: string } }) {
  const { authorizedCall } = useAuth();
  return (
    <div className="mt-3">
      <DownloadButton
        label={DOWNLOAD_RECEIPT(payment.recibo)}
        busyLabel={DOWNLOADING_RECEIPT}
        failedMessage={RECEIPT_DOWNLOAD_FAILED}
        download={() => downloadReceipt(authorizedCall, payment)}
      />
    </div>
  );
}

function ContractDownload() {
  const { authorizedCall } = useAuth();
  return (
    <div>
      <DownloadButton
        label={DOWNLOAD_CONTRACT}
        busyLabel={DOWNLOADING_CONTRACT}
        failedMessage="No hemos podido descargar el contrato"
        download={() => downloadContract(authorizedCall)}
      />
    </div>
  );
}

function Withdrawal({ until, onDone }: { until: string; onDone: (message: string) => void }) {
  const { authorizedCall } = useAuth();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await withdraw(authorizedCall);
      setOpen(false);
      onDone(answer.message);
    } catch (error) {
      console.error('Error al desistir', error);
      setFailure(failureText(error, 'No hemos podido registrar tu desistimiento'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="desistimiento" className="flex flex-col gap-3">
      <h2 id="desistimiento" className="text-2xl font-bold">
        {WITHDRAW}
      </h2>
      <p>{withdrawText(until)}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!busy) setOpen(next);
        }}
      >
        <DialogTrigger asChild>
          <Button variant="outline" className="self-start">
            {WITHDRAW}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{WITHDRAW_CONFIRM_TITLE}</DialogTitle>
            <DialogDescription>{WITHDRAW_CONFIRM_TEXT}</DialogDescription>
          </DialogHeader>
          {failure === null ? null : (
            <Alert variant="error">
              <p>{failure}</p>
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{WITHDRAW_CANCEL}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              busy={busy}
              busyLabel={WITHDRAWING}
              onClick={() => void confirm()}
            >
              {WITHDRAW_CONFIRM}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

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
  const { state: load, retry, reload } = useClientData(loadBillingStatus, LOAD_FAILED);
  const { state: latest, retry: retryLatest } = useClientData(
    loadLatestCalculation,
    CALCULATION_FAILED,
  );
  const benefits = mapClientData(latest, benefitsOf);
  const gate = planGate(mapClientData(latest, (record) => record?.resultado ?? null));
  const [choosingAgain, setChoosingAgain] = React.useState(false);
  const [notice, setNotice] = React.useState<string | null>(null);

  const view: BillingView | null =
    load.kind === 'loaded' ? billingView(load.data, madridDay(new Date())) : null;
  const showFlow = view !== null && (view.kind === 'choose' || choosingAgain);
  const schedule = view?.kind === 'paid' ? instalmentSchedule(view.plan, view.payments) : null;

  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-10">
      <h1 className="text-3xl leading-tight font-bold">{planPageTitle(view)}</h1>
      {load.kind === 'loading' ? <LoadingState label={LOADING} /> : null}
      {load.kind === 'failed' ? <LoadFailure message={load.message} onRetry={retry} /> : null}

      {notice === null ? null : (
        <Alert variant="success">
          <p>{notice}</p>
        </Alert>
      )}

      {showFlow ? (
        <>
          {/* Each says once why there are no figures and links to the calculator. */}
          <VerdictBanner gate={gate} />
          {gate.kind === 'does-not-qualify' ? null : (
            <BenefitsSummary load={benefits} onRetry={retryLatest} />
          )}
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
          {view.withdrawUntil === null ? null : (
            <Withdrawal
              until={view.withdrawUntil}
              onDone={(message) => {
                setNotice(message);
                refreshProgress();
                reload();
              }}
            />
          )}
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
