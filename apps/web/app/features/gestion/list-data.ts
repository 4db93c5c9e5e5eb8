import type {
  AuditListResponse,
  CasePhase,
  LeadListResponse,
  SeriesResponse,
  StaffMember,
} from '@cbp/core';

import { staffAccounts } from './accounts-api';
import { staffLeads } from './api';
import { type PanelData, settled } from './panel-data';
import { auditFiltersFromSearch, auditQuery, leadFiltersFromSearch, leadListQuery } from './query';
import { staffSession, withStaffSession } from './staff-session';

interface LoaderArgs {
  request: Request;
}

function searchOf(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}

function load<T>(
  request: Request,
  task: (accessToken: string, signal: AbortSignal) => Promise<T>,
): Promise<PanelData<T>> {
  return settled(withStaffSession(request, task));
}

export interface LeadsData {
  leads: PanelData<LeadListResponse>;
  /** For the warning when the Euribor is out of date; a failure there shows nothing. */
  series: PanelData<SeriesResponse>;
}

/** The leads the address's filters ask for. */
export async function leadsLoader({ request }: LoaderArgs): Promise<LeadsData> {
  const query = leadListQuery(leadFiltersFromSearch(searchOf(request)));
  const [leads, series] = await Promise.all([
    load(request, (token, signal) => staffLeads().leads(token, query, signal)),
    load(request, (token, signal) => staffLeads().series(token, signal)),
  ]);
  return { leads, series };
}

/** The audit log's page the address's filters ask for. */
export async function auditLoader({ request }: LoaderArgs): Promise<PanelData<AuditListResponse>> {
  const query = auditQuery(auditFiltersFromSearch(searchOf(request)));
  return load(request, (token, signal) => staffLeads().audit(token, query, signal));
}

export async function seriesLoader({ request }: LoaderArgs): Promise<PanelData<SeriesResponse>> {
  return load(request, (token, signal) => staffLeads().series(token, signal));
}

export async function phasesLoader({ request }: LoaderArgs): Promise<PanelData<CasePhase[]>> {
  return load(request, (token) => staffLeads().phases(token));
}

/** The team, for administrators only: nobody else is asked for it. */
export async function teamLoader({
  request,
}: LoaderArgs): Promise<PanelData<StaffMember[]> | null> {
  const member = await withStaffSession(request, () => Promise.resolve(staffSession().member));
  if (member?.rol !== 'admin') return null;
  return load(request, (token) => staffAccounts().team(token));
}
