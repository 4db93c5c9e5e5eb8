import { formatEuros, type TransferInstructions } from '@cbp/core';
import { Alert, AlertTitle, Button, useToast } from '@cbp/ui';
import * as React from 'react';

import {
  COPIED,
  COPY,
  COPY_FAILED,
  TRANSFER_INTRO,
  TRANSFER_LABELS,
  TRANSFER_TITLE,
  transferTimeText,
  WAITING,
} from './strings';

/** A value to type into the bank's form, with a button that copies it. */
function CopyableValue({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="font-semibold">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-mono text-lg break-all tabular-nums">{value}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            navigator.clipboard.writeText(value.replace(/\s/g, ' ')).then(
              () => {
                toast.success(`${label}: ${COPIED}`);
              },
              (error: unknown) => {
                console.error('No se pudo copiar', error);
                toast.error(COPY_FAILED);
              },
            );
          }}
        >
          {COPY}
          <span className="sr-only"> {label}</span>
        </Button>
      </dd>
    </div>
  );
}

export interface TransferDetailsProps {
  transfer: TransferInstructions;
  headingId: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
}

/** What to transfer, where and with which reference, and the wait for the firm's confirmation. */
export function TransferDetails({ transfer, headingId, headingRef }: TransferDetailsProps) {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        {TRANSFER_TITLE}
      </h2>
      <p>{TRANSFER_INTRO}</p>
      <dl className="flex flex-col gap-4 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground">
        <CopyableValue label={TRANSFER_LABELS.amount} value={formatEuros(transfer.importe)} />
        <CopyableValue label={TRANSFER_LABELS.reference} value={transfer.referencia} />
      </dl>
      {transfer.cuentas.map((account, index) => (
        <section
          key={account.iban}
          aria-labelledby={`${headingId}-cuenta-${String(index)}`}
          className="flex flex-col gap-3 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground"
        >
          <h3 id={`${headingId}-cuenta-${String(index)}`} className="text-xl font-bold">
            {TRANSFER_LABELS.account(index)}
          </h3>
          <dl className="flex flex-col gap-3">
            <div className="flex flex-col gap-1">
              <dt className="font-semibold">{TRANSFER_LABELS.bank}</dt>
              <dd>{account.banco}</dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="font-semibold">{TRANSFER_LABELS.holder}</dt>
              <dd>{account.titular}</dd>
            </div>
            <CopyableValue
              label={`${TRANSFER_LABELS.iban} ${account.banco}`}
              value={account.iban}
            />
          </dl>
        </section>
      ))}
      <Alert variant="info">
        <AlertTitle>{WAITING}</AlertTitle>
        <p>{transferTimeText(transfer.plazo)}</p>
      </Alert>
    </div>
  );
}
