import {
  caseMoveRequestSchema,
  type CasePhase,
  leadNoteRequestSchema,
  leadUpdateRequestSchema,
  STAFF_FASES_COMERCIALES,
  type StaffLeadDetail,
} from '@cbp/core';
import { Button, Field, NativeSelect, TextArea } from '@cbp/ui';
import * as React from 'react';

import { FormOutcome } from '../../lib/forms/form-outcome';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useLeadAction } from './lead-actions';
import { LoadError } from './LoadError';
import type { PanelData } from './panel-data';
import { failureMessage } from './strings';

/** The lead's commercial phase, which only the firm sees. */
export function CommercialPhaseForm({ detail }: { detail: StaffLeadDetail }) {
  const act = useLeadAction();
  const [done, setDone] = React.useState<string | null>(null);
  const form = useZodForm({
    initial: { fase_comercial: detail.lead.fase_comercial },
    fieldId: () => 'fase-comercial',
    schema: leadUpdateRequestSchema,
    onSend: () => {
      setDone(null);
    },
    submit: async (data) => {
      await act('fase-comercial', data);
      setDone('Fase comercial guardada.');
    },
    failureMessage,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Field
        id="fase-comercial"
        label="Fase comercial"
        error={form.errors.fase_comercial}
        className="sm:w-72"
      >
        <NativeSelect {...form.bind('fase_comercial')}>
          {STAFF_FASES_COMERCIALES.map((phase) => (
            <option key={phase} value={phase}>
              {phase}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" busy={form.busy} busyLabel="Guardando...">
        Guardar
      </Button>
      <FormOutcome done={done} failure={form.formError} />
    </form>
  );
}

/** Moves the case to another phase; the client is e-mailed the new one. */
export function MoveCaseForm({
  detail,
  phases,
}: {
  detail: StaffLeadDetail;
  phases: PanelData<CasePhase[]>;
}) {
  const act = useLeadAction();
  const [done, setDone] = React.useState<string | null>(null);
  const list = phases.ok ? phases.data : [];
  const form = useZodForm({
    initial: { fase: '', nota: '' },
    fieldId: (field) => `mover-${field}`,
    schema: caseMoveRequestSchema,
    onSend: () => {
      setDone(null);
    },
    submit: async (data, { reset }) => {
      const moved = await act('mover-caso', data);
      reset();
      const name = list.find((phase) => phase.id === data.fase)?.nombre ?? moved.lead.estado;
      setDone(`Caso movido a «${name}». Hemos enviado un correo al cliente para avisarle.`);
    },
    failureMessage,
  });

  if (!phases.ok) return <LoadError message={phases.message} />;
  return (
    <div className="flex flex-col gap-4">
      {form.summary}
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
        <Field id="mover-fase" label="Nueva fase" required error={form.errors.fase}>
          <NativeSelect {...form.bind('fase')}>
            <option value="">Elige una fase</option>
            {list.map((phase) => (
              <option key={phase.id} value={phase.id} disabled={phase.id === detail.lead.faseId}>
                {phase.id === detail.lead.faseId ? `${phase.nombre} (actual)` : phase.nombre}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="mover-nota"
          label="Nota del cambio"
          hint="Se guarda en el historial del caso."
          required
          error={form.errors.nota}
        >
          <TextArea
            value={form.values.nota}
            onChange={(event) => {
              form.setValue('nota', event.target.value);
            }}
          />
        </Field>
        <Button type="submit" busy={form.busy} busyLabel="Moviendo..." className="w-fit">
          Mover caso
        </Button>
      </form>
      <FormOutcome done={done} failure={form.formError} />
    </div>
  );
}

/** A note on the lead, kept for the firm. */
export function NoteForm() {
  const act = useLeadAction();
  const form = useZodForm({
    initial: { texto: '' },
    fieldId: () => 'nota-texto',
    schema: leadNoteRequestSchema,
    submit: async (data, { reset }) => {
      await act('nota', data);
      reset();
    },
    failureMessage,
  });
  return (
    <div className="flex flex-col gap-3">
      {form.summary}
      {form.failure}
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3">
        <Field id="nota-texto" label="Nueva nota" required error={form.errors.texto}>
          <TextArea
            value={form.values.texto}
            onChange={(event) => {
              form.setValue('texto', event.target.value);
            }}
          />
        </Field>
        <Button type="submit" busy={form.busy} busyLabel="Guardando..." className="w-fit">
          Añadir nota
        </Button>
      </form>
    </div>
  );
}
