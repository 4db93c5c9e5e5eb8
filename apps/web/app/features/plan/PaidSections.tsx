import {
  formatDate,
  formatEuros,
  RULES,
  type PaymentMethod,
  type PaymentRecord,
  type PlanId,
} from '@cbp/core';
import { Alert, Button } from '@cbp/ui';
import * as React from 'react';
import { useFetcher } from 'react-router';

import { useAuth } from '../../lib/auth';
import { failureText } from '../../lib/client-loader';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { DownloadButton } from '../../lib/download-button';
import { downloadContract, downloadReceipt, loadTransferInstructions } from './api';
import { WITHDRAW_INTENT, type clientAction } from './loader';
import { paymentAmount, paymentLabel, paymentReceipt, type ScheduledCharge } from './state';
import {
  DOWNLOAD_CONTRACT,
  DOWNLOAD_RECEIPT,
  DOWNLOADING_CONTRACT,
  DOWNLOADING_RECEIPT,
  instalmentsText,
  NEXT_INSTALMENT_TRANSFER,
  PAYMENT_COLUMNS,
  PAYMENTS_TITLE,
  RECEIPT_DOWNLOAD_FAILED,
  RETRY,
  SCHEDULE_COLUMNS,
  SCHEDULE_STATES,
  SCHEDULE_TITLE,
  WITHDRAW,
  WITHDRAW_CANCEL,
  WITHDRAW_CONFIRM,
  WITHDRAW_CONFIRM_TEXT,
  WITHDRAW_CONFIRM_TITLE,
  WITHDRAWING,
  withdrawText,
} from './strings';
import { TransferDetails } from './TransferDetails';

export function PaymentsList({
  payments,
  plan,
}: {
  payments: readonly PaymentRecord[];
  plan: PlanId;
}) {
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
export function InstalmentSchedule({
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
        failure={RECEIPT_DOWNLOAD_FAILED}
        download={() => downloadReceipt(authorizedCall, payment)}
      />
    </div>
  );
}

export function ContractDownload() {
  const { authorizedCall } = useAuth();
  return (
    <div>
      <DownloadButton
        label={DOWNLOAD_CONTRACT}
        busyLabel={DOWNLOADING_CONTRACT}
        failure="No hemos podido descargar el contrato"
        download={() => downloadContract(authorizedCall)}
      />
    </div>
  );
}

/**
 * 'Desistir' with its confirmation: the route's action asks the server, and its loader then
 * reads the payments again. The page shares this fetcher (by its key) to say what happened.
 */
export function Withdrawal({ until }: { until: string }) {
  const fetcher = useFetcher<typeof clientAction>({ key: WITHDRAW_INTENT });
  const [asked, setOpen] = React.useState(false);
  const busy = fetcher.state !== 'idle';
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failure = outcome?.ok === false ? outcome.message : null;
  // Once withdrawn, the page says so and shows the new state: the question is over.
  const open = asked && outcome?.ok !== true;
  const confirm = () => {
    void fetcher.submit({ intent: WITHDRAW_INTENT }, { method: 'post' });
  };
  return (
    <section aria-labelledby="desistimiento" className="flex flex-col gap-3">
      <h2 id="desistimiento" className="text-2xl font-bold">
        {WITHDRAW}
      </h2>
      <p>{withdrawText(until)}</p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="outline" className="self-start">
            {WITHDRAW}
          </Button>
        }
        title={WITHDRAW_CONFIRM_TITLE}
        description={WITHDRAW_CONFIRM_TEXT}
        failure={failure}
        cancelLabel={WITHDRAW_CANCEL}
        confirmLabel={WITHDRAW_CONFIRM}
        busy={busy}
        busyLabel={WITHDRAWING}
        destructive
        onConfirm={confirm}
      />
    </section>
  );
}
