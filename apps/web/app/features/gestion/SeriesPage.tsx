import {
  type EuriborEntry,
  euriborAddRequestSchema,
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

import { useFormErrors } from '../../lib/form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { staffApi } from './api';
import { useStaff, useStaffMember } from './context';
import { EuriborWarningAlert } from './EuriborNotice';
import { LoadError } from './LoadError';
import {
  addedByText,
  addedMessage,
  addedOnText,
  euriborMonthText,
  euriborValueText,
  ipremAmounts,
  SERIES_TEXT,
  stateText,
} from './series';
import { failureMessage } from './strings';
import { useStaffData } from './use-staff-data';

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

const EMPTY = { mes: '', porcentaje: '', referencia: '', correccion: false };

function AddEuriborForm({ onAdded }: { onAdded: (series: SeriesResponse) => void }) {
  const { call } = useStaff();
  const [values, setValues] = React.useState(EMPTY);
  const form = useFormErrors(FIELDS, fieldId);
  const [result, setResult] = React.useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    // The confirmation takes focus, so keyboard and screen-reader users hear what happened.
    if (result?.ok === true) resultRef.current?.focus();
  }, [result]);

  const submission = useSubmission(async () => {
    setResult(null);
    const parsed = euriborAddRequestSchema.safeParse(values);
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      onAdded(await call((token) => staffApi().addEuribor(token, parsed.data)));
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
    <section aria-labelledby="euribor-form-title" className="flex flex-col gap-4">
      <h2 id="euribor-form-title" className="text-2xl font-bold">
        {SERIES_TEXT.formTitle}
      </h2>
      <form noValidate onSubmit={submission.onSubmit} className="flex max-w-xl flex-col gap-4">
        {form.summary}
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
        <Checkbox
          id={fieldId('correccion')}
          checked={values.correccion}
          onCheckedChange={(checked) => {
            setValues((current) => ({ ...current, correccion: checked === true }));
          }}
          label="Es una corrección de un mes ya registrado"
          hint="El valor nuevo sustituye al anterior, que se conserva como sustituido."
          error={form.errors.correccion}
        />
        <Button type="submit" busy={submission.busy} busyLabel={SERIES_TEXT.busy} className="w-fit">
          {SERIES_TEXT.submit}
        </Button>
      </form>
      {result === null ? null : (
        <div ref={resultRef} tabIndex={-1} className="outline-none">
          <Alert variant={result.ok ? 'success' : 'error'}>
            <p>{result.text}</p>
          </Alert>
        </div>
      )}
    </section>
  );
}

export function SeriesPage() {
  const staff = useStaffMember();
  const series = useStaffData('series', (token, signal) => staffApi().series(token, signal));
  const isAdmin = staff.rol === 'admin';
  const data = series.data;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{SERIES_TEXT.title}</h1>
      <p>
        {isAdmin
          ? 'La calculadora y la carta al banco usan el Euríbor a un año del último mes registrado hasta la fecha del cálculo. Añade cada mes cuando el Banco de España publique su media en el BOE. Los valores no se editan: una corrección se añade como valor nuevo y el anterior queda como sustituido.'
          : 'La calculadora y la carta al banco usan el Euríbor a un año del último mes registrado hasta la fecha del cálculo. Solo las personas con rol de administración pueden añadir valores.'}
      </p>
      {series.status === 'error' ? (
        <LoadError message={series.message} onRetry={series.retry} />
      ) : null}
      {data === null ? (
        series.status === 'loading' ? (
          <p>{SERIES_TEXT.loading}</p>
        ) : null
      ) : (
        <>
          <EuriborWarningAlert warning={data.aviso} withLink={false} />
          {isAdmin ? <AddEuriborForm onAdded={series.replace} /> : null}
          <DataTable
            caption={SERIES_TEXT.euriborCaption}
            columns={EURIBOR_COLUMNS}
            rows={data.euribor}
            getRowId={(entry) => String(entry.id)}
            emptyMessage={SERIES_TEXT.empty}
          />
          <DataTable
            caption={SERIES_TEXT.ipremCaption}
            columns={IPREM_COLUMNS}
            rows={data.iprem}
            getRowId={(entry) => String(entry.id)}
            emptyMessage={SERIES_TEXT.empty}
          />
        </>
      )}
    </div>
  );
}
