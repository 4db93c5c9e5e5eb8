import { formatEuros, ibanGroups, type TransferInstructions } from '@cbp/core';
import { Alert, AlertTitle, Button } from '@cbp/ui';
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

type CopyOutcome = 'copied' | 'select-by-hand' | null;

/**
 * A value to type into the bank's form, with a button that copies it. The outcome is said in a
 * polite live region beside it; where the clipboard cannot be used (an insecure page, a refusal)
 * the value is selected so the person can copy it themselves.
 */
function CopyableValue({
  label,
  value,
  copyText = value.replace(/\s/g, ' '),
  groups = null,
}: {
  label: string;
  value: string;
  /** What goes to the clipboard, when it differs from what is shown. */
  copyText?: string;
  /** Shown as units that never break across lines (an IBAN's groups of four). */
  groups?: readonly string[] | null;
}) {
  const valueRef = React.useRef<HTMLSpanElement>(null);
  const [outcome, setOutcome] = React.useState<CopyOutcome>(null);

  const selectByHand = () => {
    const element = valueRef.current;
    const selection = window.getSelection();
    if (element !== null && selection !== null) selection.selectAllChildren(element);
    setOutcome('select-by-hand');
  };

  const copy = async () => {
    setOutcome(null);
    // Undefined outside a secure context (an http address other than localhost).
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) {
      selectByHand();
      return;
    }
    try {
      await clipboard.writeText(copyText);
      setOutcome('copied');
    } catch (error) {
      console.error('No se pudo copiar', error);
      selectByHand();
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="font-semibold">{label}</dt>
      <dd className="flex min-w-0 flex-col gap-1">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span
            ref={valueRef}
            data-slot="copyable-value"
            className={`font-mono text-lg tabular-nums ${groups === null ? 'break-all' : ''}`}
          >
            {groups === null
              ? value
              : groups.map((group, index) => (
                  <React.Fragment key={`${String(index)}-${group}`}>
                    {index === 0 ? null : ' '}
                    <span className="inline-block whitespace-nowrap">{group}</span>
                  </React.Fragment>
                ))}
          </span>
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            {COPY}
            <span className="sr-only"> {label}</span>
          </Button>
        </span>
        <span role="status" className="text-sm">
          {outcome === 'copied' ? COPIED : outcome === 'select-by-hand' ? COPY_FAILED : null}
        </span>
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
              copyText={ibanGroups(account.iban).join('')}
              groups={ibanGroups(account.iban)}
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
