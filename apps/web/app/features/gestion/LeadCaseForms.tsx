import {
  caseMoveRequestSchema,
  type CasePhase,
  leadNoteRequestSchema,
  STAFF_FASES_COMERCIALES,
  type StaffFaseComercial,
  type StaffLeadDetail,
} from '@cbp/core';
import { Alert, Button, Field, NativeSelect, TextArea } from '@cbp/ui';
import * as React from 'react';

import { useFormErrors } from '../../lib/form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useLeadAction } from './lead-actions';
import { LoadError } from './LoadError';
import type { PanelData } from './panel-data';
import { failureMessage } from './strings';

/** The lead's commercial phase, which only the firm sees. */
export function CommercialPhaseForm({ detail }: { detail: StaffLeadDetail }) {
  const act = useLeadAction();
  const [value, setValue] = React.useState(detail.lead.fase_comercial);
  const [message, setMessage] = React.useState<{ ok: boolean; text: string } | null>(null);
  const submission = useSubmission(async () => {
    setMessage(null);
    try {
      await act('fase-comercial', { fase_comercial: value as StaffFaseComercial });
      setMessage({ ok: true, text: 'Fase comercial guardada.' });
    } catch (error) {
      setMessage({ ok: false, text: failureMessage(error) });
    }
  });
  return (
    <form
      noValidate
      onSubmit={submission.onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Field id="fase-comercial" label="Fase comercial" className="sm:w-72">
        <NativeSelect
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
          }}
        >
          {STAFF_FASES_COMERCIALES.map((phase) => (
            <option key={phase} value={phase}>
              {phase}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" busy={submission.busy} busyLabel="Guardando...">
        Guardar
      </Button>
      {message === null ? null : (
        <Alert variant={message.ok ? 'success' : 'error'}>
          <p>{message.text}</p>
        </Alert>
      )}
    </form>
  );
}

const MOVE_FIELDS = ['fase', 'nota'] as const;

/** Moves the case to another phase; the client is e-mailed the new one. */
export function MoveCaseForm({
  detail,
  phases,
}: {
  detail: StaffLeadDetail;
  phases: PanelData<CasePhase[]>;
}) {
  const act = useLeadAction();
  const [fase, setFase] = React.useState('');
  const [nota, setNota] = React.useState('');
  const form = useFormErrors(MOVE_FIELDS, (field) => `mover-${field}`);
  const [result, setResult] = React.useState<{ ok: boolean; text: string } | null>(null);
  const list = phases.ok ? phases.data : [];

  const submission = useSubmission(async () => {
    setResult(null);
    const parsed = caseMoveRequestSchema.safeParse({ fase, nota });
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      const moved = await act('mover-caso', parsed.data);
      setNota('');
      setFase('');
      const name = list.find((phase) => phase.id === parsed.data.fase)?.nombre ?? moved.lead.estado;
      setResult({
        ok: true,
        text: `Caso movido a «${name}». Hemos enviado un correo al cliente para avisarle.`,
      });
    } catch (error) {
      if (!form.showApiErrors(error)) setResult({ ok: false, text: failureMessage(error) });
    }
  });

  if (!phases.ok) return <LoadError message={phases.message} />;
  return (
    <div className="flex flex-col gap-4">
      {form.summary}
      <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-4">
        <Field id="mover-fase" label="Nueva fase" required error={form.errors.fase}>
          <NativeSelect
            value={fase}
            onChange={(event) => {
              setFase(event.target.value);
            }}
          >
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
            value={nota}
            onChange={(event) => {
              setNota(event.target.value);
            }}
          />
        </Field>
        <Button type="submit" busy={submission.busy} busyLabel="Moviendo..." className="w-fit">
          Mover caso
        </Button>
      </form>
      {result === null ? null : (
        <Alert variant={result.ok ? 'success' : 'error'}>
          <p>{result.text}</p>
        </Alert>
      )}
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
