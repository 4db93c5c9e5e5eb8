import {
  type EuriborAddRequest,
  type EuriborEntry,
  euriborAddRequestSchema,
  type IpremAddRequest,
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

import type { FormSchema } from '../../lib/forms/form-model';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { staffLeads } from './api';
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

/** A series' values as typed; `correccion` is 'si' while its box is ticked. */
type SeriesValues<Field extends string> = Readonly<Record<Field | 'correccion', string>>;

interface SeriesForm<Field extends string, Output extends { correccion: boolean }> {
  series: 'euribor' | 'iprem';
  title: string;
  submitLabel: string;
  correctionLabel: string;
  fields: readonly {
    name: Field;
    label: string;
    hint: string;
    inputMode?: 'decimal' | 'numeric';
  }[];
  schema: FormSchema<Output>;
  send: (token: string, data: Output) => Promise<unknown>;
  added: (data: Output) => string;
}

/**
 * An addition to a series, for administrators: its fields, whether it corrects a value already
 * there, and what came of it. What was typed stays in the boxes after a failure.
 */
function AddSeriesForm<Field extends string, Output extends { correccion: boolean }>({
  config,
  onAdded,
}: {
  config: SeriesForm<Field, Output>;
  onAdded: () => void;
}) {
  const { call } = useStaff();
  const [added, setAdded] = React.useState<Result>(null);
  const initial = React.useMemo(
    () =>
      Object.fromEntries(
        [...config.fields.map((field) => field.name), 'correccion'].map((name) => [name, '']),
      ) as SeriesValues<Field>,
    [config.fields],
  );
  const form = useZodForm<SeriesValues<Field>, Output>({
    initial,
    fieldId: (field) => `${config.series}-${field}`,
    schema: config.schema,
    input: (values) => ({ ...values, correccion: values.correccion === 'si' }),
    onSend: () => {
      setAdded(null);
    },
    submit: async (data, { reset }) => {
      await call((token) => config.send(token, data));
      onAdded();
      reset();
      setAdded({ ok: true, text: config.added(data) });
    },
    failureMessage,
  });
  const failed = React.useMemo<Result>(
    () => (form.formError === null ? null : { ok: false, text: form.formError }),
    [form.formError],
  );

  return (
    <section aria-labelledby={`${config.series}-form-title`} className="flex flex-col gap-4">
      <h2 id={`${config.series}-form-title`} className="text-2xl font-bold">
        {config.title}
      </h2>
      <form noValidate onSubmit={form.onSubmit} className="flex max-w-xl flex-col gap-4">
        {form.summary}
        {config.fields.map((field) => (
          <Field
            key={field.name}
            id={`${config.series}-${field.name}`}
            label={field.label}
            hint={field.hint}
            required
            error={form.errors[field.name]}
          >
            <TextInput inputMode={field.inputMode} autoComplete="off" {...form.bind(field.name)} />
          </Field>
        ))}
        <Checkbox
          id={`${config.series}-correccion`}
          checked={form.values.correccion === 'si'}
          onCheckedChange={(checked) => {
            form.setValue('correccion', checked ? 'si' : '');
          }}
          label={config.correctionLabel}
          hint="El valor nuevo sustituye al anterior, que se conserva como sustituido."
          error={form.errors.correccion}
        />
        <Button type="submit" busy={form.busy} busyLabel={SERIES_TEXT.busy} className="w-fit">
          {config.submitLabel}
        </Button>
      </form>
      <AddResult result={failed ?? added} />
    </section>
  );
}

const EURIBOR_FORM: SeriesForm<'mes' | 'porcentaje' | 'referencia', EuriborAddRequest> = {
  series: 'euribor',
  title: SERIES_TEXT.formTitle,
  submitLabel: SERIES_TEXT.submit,
  correctionLabel: 'Es una corrección de un mes ya registrado',
  fields: [
    { name: 'mes', label: 'Mes', hint: 'Como AAAA-MM, por ejemplo 2026-03.' },
    {
      name: 'porcentaje',
      label: 'Euríbor a un año (%)',
      hint: 'La media mensual que publica el Banco de España, con tres decimales: por ejemplo 2,221.',
      inputMode: 'decimal',
    },
    {
      name: 'referencia',
      label: 'Referencia del BOE',
      hint: 'La de la resolución del Banco de España que lo publica, por ejemplo BOE-A-2026-5059.',
    },
  ],
  schema: euriborAddRequestSchema,
  send: (token, data) => staffLeads().addEuribor(token, data),
  added: (data) => addedMessage(data, data.correccion),
};

const IPREM_FORM: SeriesForm<
  'anio' | 'mensual' | 'anual12' | 'anual14' | 'referencia',
  IpremAddRequest
> = {
  series: 'iprem',
  title: SERIES_TEXT.ipremFormTitle,
  submitLabel: SERIES_TEXT.ipremSubmit,
  correctionLabel: 'Es una corrección de un año ya registrado',
  fields: [
    {
      name: 'anio',
      label: 'Año',
      hint: 'Con cuatro cifras, por ejemplo 2027.',
      inputMode: 'numeric',
    },
    {
      name: 'mensual',
      label: 'IPREM mensual (€)',
      hint: 'Por ejemplo 600,00.',
      inputMode: 'decimal',
    },
    {
      name: 'anual12',
      label: 'IPREM anual en 12 pagas (€)',
      hint: 'Por ejemplo 7.200,00.',
      inputMode: 'decimal',
    },
    {
      name: 'anual14',
      label: 'IPREM anual en 14 pagas (€)',
      hint: 'Por ejemplo 8.400,00.',
      inputMode: 'decimal',
    },
    {
      name: 'referencia',
      label: 'Referencia del BOE',
      hint: 'La de la ley de presupuestos o la norma que lo fija, con la forma BOE-A-AAAA-NÚMERO.',
    },
  ],
  schema: ipremAddRequestSchema,
  send: (token, data) => staffLeads().addIprem(token, data),
  added: (data) => ipremAddedMessage(data.anio, data.correccion),
};

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
            {isAdmin ? <AddSeriesForm config={EURIBOR_FORM} onAdded={onAdded} /> : null}
            <DataTable
              caption={SERIES_TEXT.euriborCaption}
              columns={EURIBOR_COLUMNS}
              rows={data.euribor}
              getRowId={(entry) => String(entry.id)}
              emptyMessage={SERIES_TEXT.empty}
            />
            {isAdmin ? <AddSeriesForm config={IPREM_FORM} onAdded={onAdded} /> : null}
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
