import {
  type BillingStatus,
  formatEuros,
  madridDay,
  type PlanTerms,
  refundReasonFor,
  refundRequestSchema,
  type RefundRequest,
} from '@cbp/core';
import {
  Button,
  DialogClose,
  DialogFooter,
  EuroInput,
  Field,
  ModalDialog,
  NativeSelect,
  TextInput,
} from '@cbp/ui';
import * as React from 'react';

import { useFormErrors } from '../../lib/forms/use-form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { useLeadAction } from './lead-actions';
import { NoteDialog } from './NoteDialog';
import {
  chargeLabel,
  expectedAmountText,
  formCharge,
  initialTransferForm,
  PAYMENT_KIND_LABELS,
  type PaymentsView,
  REFUND_REASON_LABELS,
  refundConsequence,
  refundOutcomeText,
  TRANSFER_FIELDS,
  type TransferForm,
  type TransferKind,
  transferOutcomeText,
  validateTransferForm,
} from './payments';
import { failureMessage } from './strings';

export interface PaymentActions {
  view: PaymentsView;
  /** The server's answer to an action, and what the status line says about it. */
  done: (status: BillingStatus, outcome: string) => void;
  /** Where focus goes once a dialog closes after an action (its button may be gone). */
  statusRef: React.RefObject<HTMLParagraphElement | null>;
}

function kindsOf(plan: PlanTerms): TransferKind[] {
  return plan.cuotas === 0 ? ['unico'] : ['inicial', 'cuota'];
}

/** Records a transfer the firm received, with the amount the plan charges for it. */
export function ConfirmTransferDialog({
  plan,
  actions,
}: {
  plan: PlanTerms;
  actions: PaymentActions;
}) {
  const act = useLeadAction();
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
      const status = await act('transferencia', request);
      const charge = formCharge(form);
      const label =
        charge === undefined ? PAYMENT_KIND_LABELS[request.tipo] : chargeLabel(charge, plan);
      succeeded.current = true;
      setOpen(false);
      actions.done(status, transferOutcomeText(status, label, formatEuros(request.importe)));
    } catch (error) {
      if (errors.showApiErrors(error)) return;
      setFailure(failureMessage(error));
    }
  });

  return (
    <ModalDialog
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
      trigger={<Button variant="outline">Confirmar transferencia recibida</Button>}
      title="Confirmar transferencia recibida"
      description="Se generará el recibo y se enviará al cliente por correo. Con el primer pago, la cuenta pasa a ser CLIENTE."
      failure={failure}
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
      {errors.summary}
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
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancelar
            </Button>
          </DialogClose>
          <Button type="submit" busy={submission.busy} busyLabel="Registrando...">
            Registrar transferencia
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}

/** Refunds everything the client paid, after a second look at what it does. */
export function RefundDialog({ actions }: { actions: PaymentActions }) {
  const act = useLeadAction();
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
        const status = await act('reembolso', request);
        actions.done(status, refundOutcomeText(status, refundsCard));
      }}
      doneFocus={actions.statusRef}
    />
  );
}
