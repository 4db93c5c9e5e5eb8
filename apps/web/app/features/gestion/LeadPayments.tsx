import {
  type BillingStatus,
  formatEuros,
  isApiError,
  madridDay,
  type PlanTerms,
  refundReasonFor,
  refundRequestSchema,
  type RefundRequest,
} from '@cbp/core';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  EuroInput,
  Field,
  NativeSelect,
  SummaryList,
  TextInput,
} from '@cbp/ui';
import * as React from 'react';

import { DownloadButton } from '../../lib/download-button';
import { useFormErrors } from '../../lib/form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { staffApi } from './api';
import { useStaff } from './context';
import { Loaded } from './LoadError';
import { NoteDialog } from './NoteDialog';
import {
  chargeLabel,
  expectedAmountText,
  formCharge,
  initialTransferForm,
  PAYMENT_KIND_LABELS,
  paymentsView,
  planOf,
  REFUND_REASON_LABELS,
  refundConsequence,
  refundOutcomeText,
  TRANSFER_FIELDS,
  type TransferForm,
  type TransferKind,
  transferOutcomeText,
  validateTransferForm,
  type PaymentsView,
} from './payments';
import { failureMessage } from './strings';
import { useStaffData } from './use-staff-data';

interface PaymentActions {
  leadId: string;
  view: PaymentsView;
  /** The server's answer to an action, and what the status line says about it. */
  done: (status: BillingStatus, outcome: string) => void;
  /** Something changed on the server meanwhile: load the list again. */
  reload: () => void;
  /** Where focus goes once a dialog closes after an action (its button may be gone). */
  statusRef: React.RefObject<HTMLParagraphElement | null>;
}

function kindsOf(plan: PlanTerms): TransferKind[] {
  return plan.cuotas === 0 ? ['unico'] : ['inicial', 'cuota'];
}

function ConfirmTransferDialog({ plan, actions }: { plan: PlanTerms; actions: PaymentActions }) {
  const { call } = useStaff();
  const [open, setOpen] = React.useState(false);
  const [form, setForm] = React.useState<TransferForm>(() =>
    initialTransferForm(actions.view.pendientes, plan, madridDay(new Date())),
  );
  const [failure, setFailure] = React.useState<string | null>(null);
  const succeeded = React.useRef(false);
  const kindSelect = React.useRef<HTMLSelectElement>(null);
  const errors = useFormErrors(TRANSFER_FIELDS, (field) => `transferencia-${field}`);

  const change = (next: Partial<TransferForm>, resetAmount: boolean) => {
    setForm((current) => {
      const updated = { ...current, ...next };
      return resetAmount ? { ...updated, importe: expectedAmountText(updated, plan) } : updated;
    });
  };

  const submission = useSubmission(async () => {
    setFailure(null);
    const checked = validateTransferForm(form, plan, madridDay(new Date()));
    if (!checked.ok) {
      errors.showErrors(checked.errors);
      return;
    }
    errors.clear();
    const { request } = checked;
    try {
      const status = await call((token) =>
        staffApi().confirmTransfer(token, actions.leadId, request),
      );
      const charge = formCharge(form);
      const label =
        charge === undefined ? PAYMENT_KIND_LABELS[request.tipo] : chargeLabel(charge, plan);
      succeeded.current = true;
      setOpen(false);
      actions.done(status, transferOutcomeText(status, label, formatEuros(request.importe)));
    } catch (error) {
      if (errors.showApiErrors(error)) return;
      setFailure(failureMessage(error));
      if (isApiError(error) && error.status === 409) actions.reload();
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          succeeded.current = false;
          setForm(initialTransferForm(actions.view.pendientes, plan, madridDay(new Date())));
        }
        setOpen(next);
        setFailure(null);
        errors.clear();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Confirmar transferencia recibida</Button>
      </DialogTrigger>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // Start on the form, not on "Cerrar".
          event.preventDefault();
          kindSelect.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (!succeeded.current) return;
          event.preventDefault();
          actions.statusRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Confirmar transferencia recibida</DialogTitle>
          <DialogDescription>
            Se generará el recibo y se enviará al cliente por correo. Con el primer pago, la cuenta
            pasa a ser CLIENTE.
          </DialogDescription>
        </DialogHeader>
        {errors.summary}
        {failure === null ? null : (
          <Alert variant="error">
            <p>{failure}</p>
          </Alert>
        )}
        <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-4">
          <Field id="transferencia-tipo" label="Pago recibido" required error={errors.errors.tipo}>
            <NativeSelect
              ref={kindSelect}
              value={form.tipo}
              onChange={(event) => {
                const tipo = kindsOf(plan).find((kind) => kind === event.target.value) ?? '';
                const nextInstalment = actions.view.pendientes.find(
                  (charge) => charge.kind === 'instalment',
                );
                change(
                  {
                    tipo,
                    cuota:
                      tipo === 'cuota' && nextInstalment?.kind === 'instalment'
                        ? String(nextInstalment.number)
                        : '',
                  },
                  true,
                );
              }}
            >
              <option value="">Elige el pago</option>
              {kindsOf(plan).map((kind) => (
                <option key={kind} value={kind}>
                  {PAYMENT_KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {form.tipo === 'cuota' ? (
            <Field
              id="transferencia-cuota"
              label="Número de cuota"
              hint={`De 1 a ${String(plan.cuotas)}.`}
              required
              error={errors.errors.cuota}
            >
              <TextInput
                inputMode="numeric"
                autoComplete="off"
                className="max-w-24"
                value={form.cuota}
                onChange={(event) => {
                  change({ cuota: event.target.value }, true);
                }}
              />
            </Field>
          ) : null}
          <Field
            id="transferencia-importe"
            label="Importe recibido"
            hint="El que corresponde al pago indicado."
            required
            error={errors.errors.importe}
          >
            <EuroInput
              value={form.importe}
              onValueChange={(_value, text) => {
                change({ importe: text }, false);
              }}
            />
          </Field>
          <Field
            id="transferencia-fechaValor"
            label="Fecha valor"
            hint="El día en que el banco abonó la transferencia."
            required
            error={errors.errors.fechaValor}
          >
            <TextInput
              type="date"
              className="max-w-48"
              max={madridDay(new Date())}
              value={form.fechaValor}
              onChange={(event) => {
                change({ fechaValor: event.target.value }, false);
              }}
            />
          </Field>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setOpen(false);
              }}
            >
              Cancelar
            </Button>
            <Button type="submit" busy={submission.busy} busyLabel="Registrando...">
              Registrar transferencia
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RefundDialog({ actions }: { actions: PaymentActions }) {
  const { call } = useStaff();
  const [motivo, setMotivo] = React.useState('');
  const { refundsCard } = actions.view;
  // Only the reason that matches the case (decision 0601): the server refuses the other.
  const motivos: RefundRequest['motivo'][] = [refundReasonFor(actions.view.estado === 'desistido')];

  return (
    <NoteDialog
      trigger={<Button variant="destructive">Reembolsar</Button>}
      title="Reembolsar al cliente"
      description="Se devuelve todo lo pagado que aún no se ha devuelto y se cancelan las cuotas pendientes."
      fieldIds={{ motivo: 'reembolso-motivo', nota: 'reembolso-nota' }}
      fieldsBefore={(errors) => (
        <Field id="reembolso-motivo" label="Motivo del reembolso" required error={errors.motivo}>
          <NativeSelect
            value={motivo}
            onChange={(event) => {
              setMotivo(event.target.value);
            }}
          >
            <option value="">Elige un motivo</option>
            {motivos.map((id) => (
              <option key={id} value={id}>
                {REFUND_REASON_LABELS[id]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      note={{
        name: 'nota',
        label: 'Nota (opcional)',
        hint: 'Se guarda en el registro de auditoría.',
        required: false,
        maxLength: 500,
      }}
      read={(nota) =>
        refundRequestSchema.safeParse({
          motivo: motivo === '' ? undefined : motivo,
          ...(nota === '' ? {} : { nota }),
        })
      }
      confirmation={{
        heading: '¿Confirmas el reembolso?',
        render: (request) => (
          <>
            <p>
              Motivo: <strong>{REFUND_REASON_LABELS[request.motivo]}</strong>.
            </p>
            <p>{refundConsequence(actions.view)}</p>
          </>
        ),
        continueLabel: 'Continuar',
        backLabel: 'Volver',
      }}
      submitLabel="Confirmar el reembolso"
      busyLabel="Reembolsando..."
      destructive
      onOpen={() => {
        setMotivo('');
      }}
      onConfirm={async (request) => {
        const status = await call((token) => staffApi().refund(token, actions.leadId, request));
        actions.done(status, refundOutcomeText(status, refundsCard));
      }}
      onFailure={(error) => {
        if (isApiError(error) && error.status === 409) actions.reload();
        return false;
      }}
      doneFocus={actions.statusRef}
    />
  );
}

function Payments({
  leadId,
  status,
  onStatus,
  onReload,
}: {
  leadId: string;
  status: BillingStatus;
  onStatus: (status: BillingStatus) => void;
  onReload: () => void;
}) {
  const { call } = useStaff();
  const view = paymentsView(status);
  const plan = planOf(status);
  const [outcome, setOutcome] = React.useState('');
  /** A card refund is recorded when the provider confirms it: the list is asked again. */
  const [awaitingRefund, setAwaitingRefund] = React.useState(false);
  const statusRef = React.useRef<HTMLParagraphElement>(null);

  React.useEffect(() => {
    if (!awaitingRefund) return;
    let attempts = 0;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      attempts += 1;
      call((token) => staffApi().leadPayments(token, leadId, controller.signal)).then(
        (next) => {
          if (controller.signal.aborted) return;
          onStatus(next);
          if (next.estado === 'reembolsado') {
            setAwaitingRefund(false);
            setOutcome(
              'Reembolso confirmado por la pasarela de pago. El cliente recibirá un correo.',
            );
          }
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
  }, [awaitingRefund, call, leadId, onStatus]);

  const actions: PaymentActions = {
    leadId,
    view,
    statusRef,
    done: (next, text) => {
      onStatus(next);
      setOutcome(text);
      setAwaitingRefund(view.refundsCard && next.estado !== 'reembolsado');
    },
    reload: onReload,
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
      <div role="status" aria-live="polite" aria-atomic="true">
        {outcome === '' ? null : (
          <p ref={statusRef} tabIndex={-1} className="font-semibold">
            {outcome}
          </p>
        )}
      </div>
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
                    call((token) => staffApi().downloadReceipt(token, leadId, row.id))
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
  onCaseChanged,
}: {
  leadId: string;
  onCaseChanged: () => void;
}) {
  const payments = useStaffData(`pagos:${leadId}`, (token, signal) =>
    staffApi().leadPayments(token, leadId, signal),
  );
  // A payment recorded or refunded changes the case the other panels show; the refund's
  // polling answers the same status until the provider confirms, which changes nothing.
  const signature =
    payments.data === null ? null : `${payments.data.estado}:${String(payments.data.pagos.length)}`;
  const lastSignature = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (signature === null) return;
    if (lastSignature.current !== null && lastSignature.current !== signature) onCaseChanged();
    lastSignature.current = signature;
  }, [signature, onCaseChanged]);
  return (
    <Loaded data={payments} loadingText="Cargando los pagos...">
      {(status) => (
        <Payments
          leadId={leadId}
          status={status}
          onStatus={payments.replace}

          onReload={payments.retry}
        />
      )}
    </Loaded>
  );
}
