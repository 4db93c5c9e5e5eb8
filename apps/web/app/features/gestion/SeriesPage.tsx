import {
  type EuriborEntry,
  euriborAddRequestSchema,
  ipremAddRequestSchema,
  type IpremEntry,
  type SeriesResponse,
} from '@cbp/core';
import {
  Alert,
  Button,
  Checkbox,
  DataTable,
  type DataTableColumn,
  Field,
  TextInput,
} from '@cbp/ui';
import * as React from 'react';
import { useRevalidator } from 'react-router';

import { useFormErrors } from '../../lib/form-errors';
import { type FormSubmission, useSubmission } from '../../lib/forms/use-submission';
import { staffApi } from './api';
import { useStaff, useStaffMember } from './context';
import { EuriborWarningAlert } from './EuriborNotice';
import { Loaded } from './LoadError';
import type { PanelData } from './panel-data';
import {
  addedByText,
  addedMessage,
  addedOnText,
  euriborMonthText,
  euriborValueText,
  ipremAddedMessage,
  ipremAmounts,
  SERIES_TEXT,
  stateText,
} from './series';
import { failureMessage } from './strings';

const FIELDS = ['mes', 'porcentaje', 'referencia', 'correccion'] as const;
const fieldId = (field: (typeof FIELDS)[number]) => `euribor-${field}`;

const EURIBOR_COLUMNS: DataTableColumn<EuriborEntry>[] = [
  { id: 'mes', header: 'Mes', rowHeader: true, cell: euriborMonthText },
  { id: 'valor', header: 'Valor', cell: euriborValueText },
  { id: 'referencia', header: 'Referencia', cell: (entry) => entry.referencia },
  { id: 'quien', header: 'Añadido por', cell: addedByText },
  { id: 'cuando', header: 'Fecha', cell: addedOnText },
  { id: 'estado', header: 'Estado', cell: stateText },
];

const IPREM_COLUMNS: DataTableColumn<IpremEntry>[] = [
  { id: 'anio', header: 'Año', rowHeader: true, cell: (entry) => String(entry.anio) },
  { id: 'mensual', header: 'Mensual', cell: (entry) => ipremAmounts(entry).mensual },
  { id: 'anual12', header: 'Anual (12 pagas)', cell: (entry) => ipremAmounts(entry).anual12 },
  { id: 'anual14', header: 'Anual (14 pagas)', cell: (entry) => ipremAmounts(entry).anual14 },
  { id: 'referencia', header: 'Referencia', cell: (entry) => entry.referencia },
  { id: 'quien', header: 'Añadido por', cell: addedByText },
  { id: 'cuando', header: 'Fecha', cell: addedOnText },
  { id: 'estado', header: 'Estado', cell: stateText },
];

type Result = { ok: boolean; text: string } | null;

/** What came of the last addition; a confirmation takes focus, so it is heard at once. */
function AddResult({ result }: { result: Result }) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (result?.ok === true) ref.current?.focus();
  }, [result]);
  if (result === null) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert variant={result.ok ? 'success' : 'error'}>
        <p>{result.text}</p>
      </Alert>
    </div>
  );
}

/** The frame of an addition to a series: its fields, whether it corrects a value, the result. */
function AddSection({
  series,
  title,
  submitLabel,
  correctionLabel,
  correction,
  onCorrection,
  correctionError,
  summary,
  submission,
  result,
  children,
}: {
  series: 'euribor' | 'iprem';
  title: string;
  submitLabel: string;
  correctionLabel: string;
  correction: boolean;
  onCorrection: (correction: boolean) => void;
  correctionError: string | undefined;
  summary: React.ReactNode;
  submission: FormSubmission;
  result: Result;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${series}-form-title`} className="flex flex-col gap-4">
      <h2 id={`${series}-form-title`} className="text-2xl font-bold">
        {title}
      </h2>
      <form noValidate onSubmit={submission.onSubmit} className="flex max-w-xl flex-col gap-4">
        {summary}
        {children}
        <Checkbox
          id={`${series}-correccion`}
          checked={correction}
          onCheckedChange={(checked) => {
            onCorrection(checked === true);
          }}
          label={correctionLabel}
          hint="El valor nuevo sustituye al anterior, que se conserva como sustituido."
          error={correctionError}
        />
        <Button type="submit" busy={submission.busy} busyLabel={SERIES_TEXT.busy} className="w-fit">
          {submitLabel}
        </Button>
      </form>
      <AddResult result={result} />
    </section>
  );
}

const EMPTY = { mes: '', porcentaje: '', referencia: '', correccion: false };

function AddEuriborForm({ onAdded }: { onAdded: () => void }) {
  const { call } = useStaff();
  const [values, setValues] = React.useState(EMPTY);
  const form = useFormErrors(FIELDS, fieldId);
  const [result, setResult] = React.useState<Result>(null);

  const submission = useSubmission(async () => {
    setResult(null);
    const parsed = euriborAddRequestSchema.safeParse(values);
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      await call((token) => staffApi().addEuribor(token, parsed.data));
      onAdded();
      setValues(EMPTY);
      setResult({ ok: true, text: addedMessage(parsed.data, parsed.data.correccion) });
    } catch (error) {
      // What was typed stays in the boxes, so it can be put right.
      if (!form.showApiErrors(error)) setResult({ ok: false, text: failureMessage(error) });
    }
  });

  const text = (name: 'mes' | 'porcentaje' | 'referencia', label: string, hint: string) => (
    <Field id={fieldId(name)} label={label} hint={hint} required error={form.errors[name]}>
      <TextInput
        inputMode={name === 'porcentaje' ? 'decimal' : undefined}
        autoComplete="off"
        value={values[name]}
        onChange={(event) => {
          setValues((current) => ({ ...current, [name]: event.target.value }));
        }}
      />
    </Field>
  );

  return (
    <AddSection
      series="euribor"
      title={SERIES_TEXT.formTitle}
      submitLabel={SERIES_TEXT.submit}
      correctionLabel="Es una corrección de un mes ya registrado"
      correction={values.correccion}
      onCorrection={(correccion) => {
        setValues((current) => ({ ...current, correccion }));
      }}
      correctionError={form.errors.correccion}
      summary={form.summary}
      submission={submission}
      result={result}
    >
      {text('mes', 'Mes', 'Como AAAA-MM, por ejemplo 2026-03.')}
      {text(
        'porcentaje',
        'Euríbor a un año (%)',
        'La media mensual que publica el Banco de España, con tres decimales: por ejemplo 2,221.',
      )}
      {text(
        'referencia',
        'Referencia del BOE',
        'La de la resolución del Banco de España que lo publica, por ejemplo BOE-A-2026-5059.',
      )}
    </AddSection>
  );
}

const IPREM_FIELDS = ['anio', 'mensual', 'anual12', 'anual14', 'referencia', 'correccion'] as const;
type IpremField = (typeof IPREM_FIELDS)[number];
const ipremFieldId = (field: IpremField) => `iprem-${field}`;
const IPREM_EMPTY = {
  anio: '',
  mensual: '',
  anual12: '',
  anual14: '',
  referencia: '',
  correccion: false,
};

function AddIpremForm({ onAdded }: { onAdded: () => void }) {
  const { call } = useStaff();
  const [values, setValues] = React.useState(IPREM_EMPTY);
  const form = useFormErrors(IPREM_FIELDS, ipremFieldId);
  const [result, setResult] = React.useState<Result>(null);

  const submission = useSubmission(async () => {
    setResult(null);
    const parsed = ipremAddRequestSchema.safeParse(values);
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      await call((token) => staffApi().addIprem(token, parsed.data));
      onAdded();
      setValues(IPREM_EMPTY);
      setResult({ ok: true, text: ipremAddedMessage(parsed.data.anio, parsed.data.correccion) });
    } catch (error) {
      if (!form.showApiErrors(error)) setResult({ ok: false, text: failureMessage(error) });
    }
  });

  const text = (name: Exclude<IpremField, 'correccion'>, label: string, hint?: string) => (
    <Field id={ipremFieldId(name)} label={label} hint={hint} required error={form.errors[name]}>
      <TextInput
        inputMode={name === 'referencia' ? undefined : name === 'anio' ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={values[name]}
        onChange={(event) => {
          setValues((current) => ({ ...current, [name]: event.target.value }));
        }}
      />
    </Field>
  );

  return (
    <AddSection
      series="iprem"
      title={SERIES_TEXT.ipremFormTitle}
      submitLabel={SERIES_TEXT.ipremSubmit}
      correctionLabel="Es una corrección de un año ya registrado"
      correction={values.correccion}
      onCorrection={(correccion) => {
        setValues((current) => ({ ...current, correccion }));
      }}
      correctionError={form.errors.correccion}
      summary={form.summary}
      submission={submission}
      result={result}
    >
      {text('anio', 'Año', 'Con cuatro cifras, por ejemplo 2027.')}
      {text('mensual', 'IPREM mensual (€)', 'Por ejemplo 600,00.')}
      {text('anual12', 'IPREM anual en 12 pagas (€)', 'Por ejemplo 7.200,00.')}
      {text('anual14', 'IPREM anual en 14 pagas (€)', 'Por ejemplo 8.400,00.')}
      {text(
        'referencia',
        'Referencia del BOE',
        'La de la ley de presupuestos o la norma que lo fija, con la forma BOE-A-AAAA-NÚMERO.',
      )}
    </AddSection>
  );
}

export function SeriesPage({ series }: { series: PanelData<SeriesResponse> }) {
  const staff = useStaffMember();
  const revalidator = useRevalidator();
  const isAdmin = staff.rol === 'admin';
  const onAdded = () => {
    void revalidator.revalidate();
  };
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{SERIES_TEXT.title}</h1>
      <p>
        {isAdmin
          ? 'La calculadora y la carta al banco usan el Euríbor a un año del último mes registrado hasta la fecha del cálculo. Añade cada mes cuando el Banco de España publique su media en el BOE. Los valores no se editan: una corrección se añade como valor nuevo y el anterior queda como sustituido.'
          : 'La calculadora y la carta al banco usan el Euríbor a un año del último mes registrado hasta la fecha del cálculo. Solo las personas con rol de administración pueden añadir valores.'}
      </p>
      <Loaded panel={series}>
        {(data) => (
          <>
            <EuriborWarningAlert warning={data.aviso} withLink={false} />
            {isAdmin ? <AddEuriborForm onAdded={onAdded} /> : null}
            <DataTable
              caption={SERIES_TEXT.euriborCaption}
              columns={EURIBOR_COLUMNS}
              rows={data.euribor}
              getRowId={(entry) => String(entry.id)}
              emptyMessage={SERIES_TEXT.empty}
            />
            {isAdmin ? <AddIpremForm onAdded={onAdded} /> : null}
            <DataTable
              caption={SERIES_TEXT.ipremCaption}
              columns={IPREM_COLUMNS}
              rows={data.iprem}
              getRowId={(entry) => String(entry.id)}
              emptyMessage={SERIES_TEXT.empty}
            />
          </>
        )}
      </Loaded>
    </div>
  );
}
