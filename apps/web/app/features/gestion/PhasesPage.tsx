import { type CasePhase, casePhaseUpdateSchema } from '@cbp/core';
import { Button, Field, SummaryList, TextInput } from '@cbp/ui';
import * as React from 'react';
import { useRevalidator } from 'react-router';

import { FormOutcome } from '../../lib/forms/form-outcome';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { staffLeads } from './api';
import { useStaff, useStaffMember } from './context';
import { Loaded } from './LoadError';
import type { PanelData } from './panel-data';
import { phaseEstimateByLaw } from './phases';
import { failureMessage } from './strings';

/** The row of a phase's estimate: where the law sets it, that term and its source. */
function estimateRow(phase: CasePhase): { key: string; value: string } {
  const byLaw = phaseEstimateByLaw(phase);
  return byLaw === null
    ? { key: 'Estimación', value: phase.estimacion }
    : {
        key: 'Estimación (la fija la ley)',
        value: `${byLaw.estimacion}. Fuente: ${byLaw.fuente}.`,
      };
}

function PhaseForm({ phase }: { phase: CasePhase }) {
  const { call } = useStaff();
  const revalidator = useRevalidator();
  const [saved, setSaved] = React.useState<string | null>(null);
  const form = useZodForm({
    schema: casePhaseUpdateSchema,
    initial: {
      nombre: phase.nombre,
      progreso: String(phase.progreso),
      siguientePaso: phase.siguientePaso,
      estimacion: phase.estimacion,
    },
    fieldId: (field) => `${phase.id}-${field}`,
    failureMessage,
    onSend: () => {
      setSaved(null);
    },
    submit: async (update) => {
      await call((token) => staffLeads().updatePhase(token, phase.id, update));
      await revalidator.revalidate();
      setSaved(`Fase «${update.nombre}» guardada.`);
    },
  });
  const field = (name: 'nombre' | 'progreso' | 'siguientePaso' | 'estimacion', label: string) => (
    <Field id={`${phase.id}-${name}`} label={label} required error={form.errors[name]}>
      <TextInput inputMode={name === 'progreso' ? 'numeric' : undefined} {...form.bind(name)} />
    </Field>
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="flex flex-col gap-4"
      aria-label={`Editar ${phase.nombre}`}
    >
      {form.summary}
      {field('nombre', 'Nombre')}
      {field('progreso', 'Progreso (%)')}
      {field('siguientePaso', 'Siguiente paso')}
      {phaseEstimateByLaw(phase) === null ? (
        field('estimacion', 'Estimación')
      ) : (
        <SummaryList rows={[estimateRow(phase)]} />
      )}
      <Button type="submit" busy={form.busy} busyLabel="Guardando..." className="w-fit">
        Guardar fase
      </Button>
      <FormOutcome done={saved} failure={form.formError} />
    </form>
  );
}

export function PhasesPage({ phases }: { phases: PanelData<CasePhase[]> }) {
  const staff = useStaffMember();
  const isAdmin = staff.rol === 'admin';
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Fases del caso</h1>
      <p>
        {isAdmin
          ? 'Lo que ve el cliente en cada fase de su caso. Puedes cambiar cada una.'
          : 'Lo que ve el cliente en cada fase de su caso. Solo las personas con rol de administración pueden cambiarlas.'}
      </p>
      <Loaded panel={phases}>
        {(list) => (
          <ol className="flex flex-col gap-6">
            {[...list]
              .sort((a, b) => a.orden - b.orden)
              .map((phase) => (
                <li
                  key={phase.id}
                  className="flex flex-col gap-3 rounded-lg border-2 border-border p-4"
                >
                  <h2 className="text-2xl font-bold">{phase.nombre}</h2>
                  {isAdmin ? (
                    <PhaseForm phase={phase} />
                  ) : (
                    <SummaryList
                      rows={[
                        { key: 'Progreso', value: `${String(phase.progreso)} %` },
                        { key: 'Siguiente paso', value: phase.siguientePaso },
                        estimateRow(phase),
                      ]}
                    />
                  )}
                </li>
              ))}
          </ol>
        )}
      </Loaded>
    </div>
  );
}
