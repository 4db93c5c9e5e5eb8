import {
  formatDate,
  formatPercent,
  LEAD_RESULT_LABELS,
  LEAD_RESULTS,
  STAFF_FASES_COMERCIALES,
  type LeadSortKey,
  type StaffLeadSummary,
} from '@cbp/core';
import {
  Alert,
  Button,
  Field,
  NativeSelect,
  TextInput,
  TextLink,
  type DataTableColumn,
  type DataTableSort,
} from '@cbp/ui';
import * as React from 'react';
import { Link, useSearchParams } from 'react-router';

import { staffLeads } from './api';
import { useStaff } from './context';
import { saveFile } from '../../lib/save-file';
import type { LeadsData } from './list-data';
import { DateRangeFields } from './DateRangeFields';
import { Loaded } from './LoadError';
import { PagedTable } from './PagedTable';
import {
  csvFileName,
  type LeadFilters,
  leadFiltersFromSearch,
  leadFiltersToSearch,
  leadListQuery,
} from './query';
import { failureMessage } from './strings';
import { useSearchText } from './use-search-text';
import { SIMULATOR_RESULT_HEADER } from './verdict';
import { EuriborStaleNotice } from './EuriborNotice';

function duplicatesText(count: number): string {
  return count === 1
    ? '1 contacto más de esta persona'
    : `${String(count)} contactos más de esta persona`;
}

const COLUMNS: DataTableColumn<StaffLeadSummary>[] = [
  {
    id: 'nombre',
    header: 'Nombre',
    sortable: true,
    rowHeader: true,
    cell: (lead) => (
      <span className="flex flex-col gap-1">
        <TextLink asChild>
          <Link to={`/gestion/leads/${lead.id}`}>{`${lead.nombre} ${lead.apellidos}`.trim()}</Link>
        </TextLink>
        {lead.duplicados > 0 ? (
          <span className="w-fit rounded-sm bg-warning-subtle px-2 py-0.5 text-sm font-semibold text-foreground">
            {duplicatesText(lead.duplicados)}
          </span>
        ) : null}
      </span>
    ),
  },
  // Second, beside the name: on a laptop the table may not fit, and the day must never be the
  // column scrolled out of sight.
  {
    id: 'creadoEl',
    header: 'Fecha',
    sortable: true,
    cell: (lead) => <span className="whitespace-nowrap">{formatDate(lead.creadoEl)}</span>,
  },
  {
    id: 'email',
    header: 'Correo electrónico',
    sortable: true,
    // A long address breaks where it must instead of widening the table.
    cell: (lead) => <span className="[overflow-wrap:anywhere]">{lead.email}</span>,
  },
  { id: 'telefono', header: 'Teléfono', cell: (lead) => lead.telefono },
  {
    id: 'resultado',
    header: SIMULATOR_RESULT_HEADER,
    cell: (lead) => LEAD_RESULT_LABELS[lead.resultado],
  },
  {
    id: 'porcentajeCuota',
    header: 'Cuota sobre ingresos',
    headerWraps: true,
    cell: (lead) => (lead.porcentajeCuota === null ? '—' : formatPercent(lead.porcentajeCuota)),
  },
  {
    id: 'fase_comercial',
    header: 'Fase comercial',
    sortable: true,
    cell: (lead) => lead.fase_comercial,
  },
  { id: 'estado', header: 'Estado del caso', sortable: true, cell: (lead) => lead.estado },
];

export function LeadsPage({ data }: { data: LeadsData }) {
  const { call } = useStaff();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = leadFiltersFromSearch(searchParams);
  const [exporting, setExporting] = React.useState(false);
  const [exportError, setExportError] = React.useState<string | null>(null);

  const update = React.useCallback(
    (change: Partial<LeadFilters>, resetPage = true) => {
      setSearchParams(
        (current) => {
          const next = { ...leadFiltersFromSearch(current), ...change };
          if (resetPage && change.pagina === undefined) next.pagina = 1;
          return leadFiltersToSearch(next);
        },
        { replace: 'q' in change },
      );
    },
    [setSearchParams],
  );

  // Typing searches on its own after a pause, without a request per key.
  const applySearch = React.useCallback(
    (q: string) => {
      update({ q });
    },
    [update],
  );
  const [search, setSearch] = useSearchText(filters.q, applySearch);

  const exportCsv = async () => {
    setExportError(null);
    setExporting(true);
    try {
      const csv = await call((token) => staffLeads().leadsCsv(token, leadListQuery(filters)));
      saveFile(csv, csvFileName(new Date()));
    } catch (error) {
      setExportError(failureMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const sort: DataTableSort = { key: filters.orden, direction: filters.direccion };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Leads</h1>
      <EuriborStaleNotice series={data.series} />
      <form
        role="search"
        aria-label="Filtrar leads"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: search });
        }}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
      >
        <Field
          id="q"
          label="Buscar"
          hint="Nombre, correo electrónico o teléfono"
          className="sm:col-span-2 xl:col-span-1"
        >
          <TextInput
            type="search"
            name="q"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
            }}
          />
        </Field>
        <Field id="resultado" label={SIMULATOR_RESULT_HEADER}>
          <NativeSelect
            value={filters.resultado}
            onChange={(event) => {
              update({ resultado: event.target.value as LeadFilters['resultado'] });
            }}
          >
            <option value="">Todos</option>
            {LEAD_RESULTS.map((result) => (
              <option key={result} value={result}>
                {LEAD_RESULT_LABELS[result]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="fase_comercial" label="Fase comercial">
          <NativeSelect
            value={filters.fase_comercial}
            onChange={(event) => {
              update({ fase_comercial: event.target.value as LeadFilters['fase_comercial'] });
            }}
          >
            <option value="">Todas</option>
            {STAFF_FASES_COMERCIALES.map((phase) => (
              <option key={phase} value={phase}>
                {phase}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <DateRangeFields desde={filters.desde} hasta={filters.hasta} onChange={update} />
      </form>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          busy={exporting}
          busyLabel="Exportando..."
          onClick={() => void exportCsv()}
        >
          Exportar CSV
        </Button>
        {exportError === null ? null : (
          <Alert variant="error">
            <p>{exportError}</p>
          </Alert>
        )}
      </div>
      <Loaded panel={data.leads}>
        {(page) => (
          <PagedTable
            columns={COLUMNS}
            rows={page.leads}
            getRowId={(lead) => lead.id}
            caption="Leads recibidos"
            captionHidden
            emptyMessage="No hay leads con estos filtros."
            sort={sort}
            onSortChange={(next) => {
              update({ orden: next.key as LeadSortKey, direccion: next.direction });
            }}
            page={page}
            onPage={(pagina) => {
              update({ pagina }, false);
            }}
            onPageSize={(porPagina) => {
              update({ porPagina });
            }}
          />
        )}
      </Loaded>
    </div>
  );
}
