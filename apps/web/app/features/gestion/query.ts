import {
  type AuditQuery,
  LEAD_RESULTS,
  LEAD_SORT_KEYS,
  madridDay,
  type LeadListQuery,
  type LeadResult,
  type LeadSortKey,
  PAGE_SIZES,
  STAFF_FASES_COMERCIALES,
  type StaffFaseComercial,
} from '@cbp/core';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_PAGE_SIZE = 25;

export interface LeadFilters {
  pagina: number;
  porPagina: number;
  orden: LeadSortKey;
  direccion: 'asc' | 'desc';
  resultado: LeadResult | '';
  fase_comercial: StaffFaseComercial | '';
  desde: string;
  hasta: string;
  q: string;
}

export const DEFAULT_LEAD_FILTERS: LeadFilters = {
  pagina: 1,
  porPagina: DEFAULT_PAGE_SIZE,
  orden: 'creadoEl',
  direccion: 'desc',
  resultado: '',
  fase_comercial: '',
  desde: '',
  hasta: '',
  q: '',
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

function page(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= 100_000 ? number : 1;
}

function pageSize(value: string | null): number {
  const number = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(number) ? number : DEFAULT_PAGE_SIZE;
}

function day(value: string | null): string {
  return value !== null && ISO_DAY.test(value) ? value : '';
}

/** The leads list's filters from the address's query; anything unknown falls back to the default. */
export function leadFiltersFromSearch(params: URLSearchParams): LeadFilters {
  return {
    pagina: page(params.get('pagina')),
    porPagina: pageSize(params.get('porPagina')),
    orden: oneOf(LEAD_SORT_KEYS, params.get('orden')) ?? DEFAULT_LEAD_FILTERS.orden,
    direccion: params.get('direccion') === 'asc' ? 'asc' : 'desc',
    resultado: oneOf(LEAD_RESULTS, params.get('resultado')) ?? '',
    fase_comercial: oneOf(STAFF_FASES_COMERCIALES, params.get('fase_comercial')) ?? '',
    desde: day(params.get('desde')),
    hasta: day(params.get('hasta')),
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The query that keeps `filters` in the address: defaults are left out, so links stay short. */
export function leadFiltersToSearch(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_LEAD_FILTERS) as (keyof LeadFilters)[]) {
    const value = filters[key];
    if (value !== DEFAULT_LEAD_FILTERS[key]) params.set(key, String(value));
  }
  return params;
}

/** What the API is asked: empty filters are not sent. */
export function leadListQuery(filters: LeadFilters): LeadListQuery {
  const query: LeadListQuery = {
    pagina: filters.pagina,
    porPagina: filters.porPagina,
    orden: filters.orden,
    direccion: filters.direccion,
  };
  if (filters.resultado !== '') query.resultado = filters.resultado;
  if (filters.fase_comercial !== '') query.fase_comercial = filters.fase_comercial;
  if (filters.desde !== '') query.desde = filters.desde;
  if (filters.hasta !== '') query.hasta = filters.hasta;
  const search = filters.q.trim();
  if (search !== '') query.q = search;
  return query;
}

export interface AuditFilters {
  pagina: number;
  porPagina: number;
  accion: string;
  actor: string;
  desde: string;
  hasta: string;
}

export const DEFAULT_AUDIT_FILTERS: AuditFilters = {
  pagina: 1,
  porPagina: DEFAULT_PAGE_SIZE,
  accion: '',
  actor: '',
  desde: '',
  hasta: '',
};

export function auditFiltersFromSearch(params: URLSearchParams): AuditFilters {
  return {
    pagina: page(params.get('pagina')),
    porPagina: pageSize(params.get('porPagina')),
    accion: (params.get('accion') ?? '').slice(0, 80),
    actor: (params.get('actor') ?? '').slice(0, 100),
    desde: day(params.get('desde')),
    hasta: day(params.get('hasta')),
  };
}

export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_AUDIT_FILTERS) as (keyof AuditFilters)[]) {
    const value = filters[key];
    if (value !== DEFAULT_AUDIT_FILTERS[key]) params.set(key, String(value));
  }
  return params;
}

export function auditQuery(filters: AuditFilters): AuditQuery {
  const query: AuditQuery = { pagina: filters.pagina, porPagina: filters.porPagina };
  if (filters.accion !== '') query.accion = filters.accion;
  if (filters.actor.trim() !== '') query.actor = filters.actor.trim();
  if (filters.desde !== '') query.desde = filters.desde;
  if (filters.hasta !== '') query.hasta = filters.hasta;
  return query;
}

/** leads-2026-11-25.csv, by the calendar day in Spain. */
export function csvFileName(now: Date): string {
  return `leads-${madridDay(now)}.csv`;
}

/** Groups a TOTP secret in fours so it can be read and typed: "ABCD EFGH IJKL MNOP". */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
