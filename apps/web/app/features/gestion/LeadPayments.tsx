import { type BillingStatus } from '@cbp/core';
import { SummaryList } from '@cbp/ui';
import * as React from 'react';
import { useRevalidator } from 'react-router';

import { DownloadButton } from '../../lib/download-button';
import { staffCaseFiles } from './api';
import { useStaff } from './context';
import { Loaded } from './LoadError';
import { OutcomeStatus } from './OutcomeStatus';
import type { PanelData } from './panel-data';
import { ConfirmTransferDialog, type PaymentActions, RefundDialog } from './PaymentDialogs';
import { paymentsView, planOf } from './payments';
import { failureMessage } from './strings';

function Payments({ leadId, status }: { leadId: string; status: BillingStatus }) {
  const { call } = useStaff();
  const revalidator = useRevalidator();
  const view = paymentsView(status);
  const plan = planOf(status);
  const [outcome, setOutcome] = React.useState('');
  /** A card refund is recorded when the provider confirms it: the list is asked again. */
  const [awaitingRefund, setAwaitingRefund] = React.useState(false);
  const statusRef = React.useRef<HTMLParagraphElement>(null);
  const refundConfirmed = React.useEffectEvent(() => {
    setAwaitingRefund(false);
    setOutcome('Reembolso confirmado por la pasarela de pago. El cliente recibirá un correo.');
    // The whole case is read again: the refund changes its payments and its phase.
    void revalidator.revalidate();
  });

  React.useEffect(() => {
    if (!awaitingRefund) return;
    let attempts = 0;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      attempts += 1;
      call((token) => staffCaseFiles().leadPayments(token, leadId, controller.signal)).then(
        (next) => {
          if (!controller.signal.aborted && next.estado === 'reembolsado') refundConfirmed();
        },
        () => {
          // The next attempt, or the page's own reload, tells.
        },
      );
      if (attempts >= 15) setAwaitingRefund(false);
    }, 2000);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [awaitingRefund, call, leadId]);

  const actions: PaymentActions = {
    view,
    statusRef,
    done: (next, text) => {
      setOutcome(text);
      setAwaitingRefund(view.refundsCard && next.estado !== 'reembolsado');
    },
  };

  const rows = [
    { key: 'Estado del pago', value: view.estadoTexto },
    { key: 'Plan', value: view.plan },
    { key: 'Forma de pago', value: view.metodo },
    ...(status.referenciaTransferencia === null
      ? []
      : [{ key: 'Referencia de la transferencia', value: status.referenciaTransferencia }]),
    { key: 'Cuenta CLIENTE', value: view.cliente },
    ...(view.contrato === null
      ? [{ key: 'Contrato', value: 'Sin firmar' }]
      : [
          { key: 'Contrato firmado el', value: view.contrato.firmadoEl },
          { key: 'Versión de las condiciones', value: view.contrato.version },
          {
            key: 'Huella del contrato (SHA-256)',
            value: (
              <span title={view.contrato.huellaCompleta} className="font-mono">
                {view.contrato.huella}
              </span>
            ),
          },
        ]),
    ...(view.desistimientoHasta === null
      ? []
      : [{ key: 'Puede desistir hasta el', value: view.desistimientoHasta }]),
  ];

  return (
    <div className="flex flex-col gap-4">
      <SummaryList rows={rows} />
      <OutcomeStatus outcome={outcome} focusRef={statusRef} />
      <h3 className="text-xl font-bold">Pagos registrados</h3>
      {view.pagos.length === 0 ? (
        <p>Todavía no hay pagos.</p>
      ) : (
        <ul aria-label="Pagos registrados" className="flex flex-col gap-2">
          {view.pagos.map((row) => (
            <li key={row.id} className="flex flex-col gap-1 rounded-md border-2 border-border p-3">
              <p className="font-semibold">
                {row.tipo} · {row.importe}
              </p>
              <p className="text-sm">
                {row.metodo} · {row.estado} · {row.fecha} · Recibo: {row.recibo}
              </p>
              {row.reciboDescargable === null ? null : (
                <DownloadButton
                  size="sm"
                  label={`Descargar recibo ${row.reciboDescargable}`}
                  busyLabel="Descargando el recibo..."
                  failure={failureMessage}
                  inline
                  download={() =>
                    call((token) => staffCaseFiles().downloadReceipt(token, leadId, row.id))
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {plan === null || (!view.canConfirmTransfer && !view.canRefund) ? null : (
        <div className="flex flex-wrap gap-3">
          {view.canConfirmTransfer ? <ConfirmTransferDialog plan={plan} actions={actions} /> : null}
          {view.canRefund ? <RefundDialog actions={actions} /> : null}
        </div>
      )}
    </div>
  );
}

/** The case's contract and payments: confirm a transfer received, or refund the client. */
export function LeadPayments({
  leadId,
  payments,
}: {
  leadId: string;
  payments: PanelData<BillingStatus>;
}) {
  return (
    <Loaded panel={payments}>{(status) => <Payments leadId={leadId} status={status} />}</Loaded>
  );
}
