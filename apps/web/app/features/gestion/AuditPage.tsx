import {
  AUDIT_ACTION_LABELS,
  type AuditEntry,
  type AuditListResponse,
  formatDateTime,
} from '@cbp/core';
import { Field, NativeSelect, TextInput, TextLink, type DataTableColumn } from '@cbp/ui';
import * as React from 'react';
import { Link, useSearchParams } from 'react-router';

import { auditChange, auditObjectKind } from './audit';
import { DateRangeFields } from './DateRangeFields';
import { Loaded } from './LoadError';
import { PagedTable } from './PagedTable';
import type { PanelData } from './panel-data';
import { type AuditFilters, auditFiltersFromSearch, auditFiltersToSearch } from './query';
import { useSearchText } from './use-search-text';

const ACTOR_KINDS: Record<AuditEntry['actorTipo'], string> = {
  staff: 'Equipo',
  cliente: 'Cliente',
  sistema: 'Sistema',
  anonimo: 'Anónimo',
};

function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

function json(value: unknown): string {
  return value === undefined || value === null ? '—' : JSON.stringify(value, null, 2);
}

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  {
    id: 'fecha',
    header: 'Fecha',
    cell: (entry) => formatDateTime(entry.fecha, { seconds: true }),
  },
  {
    id: 'actor',
    header: 'Actor',
    cell: (entry) =>
      `${ACTOR_KINDS[entry.actorTipo]}${entry.actorEmail === null ? '' : `: ${entry.actorEmail}`}`,
  },
  { id: 'accion', header: 'Acción', rowHeader: true, cell: (entry) => actionLabel(entry.accion) },
  {
    id: 'objeto',
    header: 'Objeto',
    cell: (entry) => {
      const kind = auditObjectKind(entry.objetoTipo);
      if (entry.caso !== null) {
        return (
          <span className="flex flex-col gap-1">
            {kind === null ? null : <span className="text-sm text-muted-foreground">{kind}</span>}
            <TextLink asChild>
              <Link to={`/gestion/leads/${entry.caso.leadId}`}>{entry.caso.nombre}</Link>
            </TextLink>
          </span>
        );
      }
      if (entry.persona !== null) {
        return (
          <span className="flex flex-col gap-1">
            {kind === null ? null : <span className="text-sm text-muted-foreground">{kind}</span>}
            <span>
              {entry.persona.nombre}{' '}
              <span className="wrap-anywhere text-muted-foreground">({entry.persona.email})</span>
            </span>
          </span>
        );
      }
      return [kind, entry.objetoId].filter((part) => part !== null).join(' ') || '—';
    },
  },
  { id: 'cambio', header: 'Cambio', cell: (entry) => auditChange(entry) ?? '—' },
  { id: 'ip', header: 'IP', cell: (entry) => entry.ip ?? '—' },
  {
    id: 'detalles',
    header: 'Detalles',
    cell: (entry) => (
      <details>
        <summary className="cursor-pointer text-link underline">Ver antes y después</summary>
        <div className="mt-2 flex flex-col gap-2">
          <p className="font-semibold">Antes</p>
          <pre className="max-w-md overflow-x-auto rounded-sm bg-muted p-2 text-sm">
            {json(entry.antes)}
          </pre>
          <p className="font-semibold">Después</p>
          <pre className="max-w-md overflow-x-auto rounded-sm bg-muted p-2 text-sm">
            {json(entry.despues)}
          </pre>
        </div>
      </details>
    ),
  },
];

export function AuditPage({ audit }: { audit: PanelData<AuditListResponse> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = auditFiltersFromSearch(searchParams);

  const update = React.useCallback(
    (change: Partial<AuditFilters>) => {
      setSearchParams((current) => {
        const next = { ...auditFiltersFromSearch(current), ...change };
        if (change.pagina === undefined) next.pagina = 1;
        return auditFiltersToSearch(next);
      });
    },
    [setSearchParams],
  );

  const applyActor = React.useCallback(
    (text: string) => {
      update({ actor: text });
    },
    [update],
  );
  const [actor, setActor] = useSearchText(filters.actor, applyActor);

  const actions = audit.ok ? audit.data.acciones : [];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Auditoría</h1>
      <p>Registro de todo lo que se hace en el servicio. Es de solo lectura.</p>
      <form
        role="search"
        aria-label="Filtrar auditoría"
        onSubmit={(event) => {
          event.preventDefault();
          update({ actor });
        }}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <Field id="accion" label="Acción">
          <NativeSelect
            value={filters.accion}
            onChange={(event) => {
              update({ accion: event.target.value });
            }}
          >
            <option value="">Todas</option>
            {[...new Set([...actions, ...(filters.accion === '' ? [] : [filters.accion])])].map(
              (action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ),
            )}
          </NativeSelect>
        </Field>
        <Field id="actor" label="Actor" hint="Correo electrónico o parte de él">
          <TextInput
            type="search"
            value={actor}
            onChange={(event) => {
              setActor(event.target.value);
            }}
          />
        </Field>
        <DateRangeFields desde={filters.desde} hasta={filters.hasta} onChange={update} />
      </form>
      <Loaded panel={audit}>
        {(page) => (
          <PagedTable
            columns={COLUMNS}
            rows={page.entradas}
            getRowId={(entry) => String(entry.id)}
            caption="Registro de auditoría"
            captionHidden
            emptyMessage="No hay entradas con estos filtros."
            page={page}
            onPage={(pagina) => {
              update({ pagina });
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
