import {
  type AuditListResponse,
  auditListResponseSchema,
  type AuditQuery,
  auditQuerySchema,
  type CaseMoveRequest,
  caseMoveRequestSchema,
  type CasePhase,
  casePhaseSchema,
  casePhasesResponseSchema,
  type CasePhaseUpdate,
  casePhaseUpdateSchema,
  type LeadListQuery,
  leadListQuerySchema,
  type LeadListResponse,
  leadListResponseSchema,
  leadNoteRequestSchema,
  leadUpdateRequestSchema,
  type StaffFaseComercial,
  type StaffLeadDetail,
  staffLeadDetailSchema,
  type EuriborAddRequest,
  euriborAddRequestSchema,
  type IpremAddRequest,
  ipremAddRequestSchema,
  type SeriesResponse,
  seriesResponseSchema,
} from '../../schemas';
import { EmptyResponseError } from '../errors';
import { checkedInput } from '../transport';
import { queryOf, type StaffCalls, STAFF_FALLBACK_MESSAGES } from './calls';

/** The back-office's leads, phases, audit log and official series. */
export interface StaffLeadsApi {
  leads(token: string, query: LeadListQuery, signal?: AbortSignal): Promise<LeadListResponse>;
  /**
   * The filtered leads as a CSV file (every page), byte for byte: read as text, the UTF-8 BOM a
   * spreadsheet in Spanish needs to read the accents would be dropped.
   */
  leadsCsv(token: string, query: LeadListQuery): Promise<Blob>;
  lead(token: string, leadId: string, signal?: AbortSignal): Promise<StaffLeadDetail>;
  updateLead(
    token: string,
    leadId: string,
    update: { fase_comercial: StaffFaseComercial },
  ): Promise<StaffLeadDetail>;
  addNote(token: string, leadId: string, texto: string): Promise<StaffLeadDetail>;
  moveCase(token: string, leadId: string, move: CaseMoveRequest): Promise<StaffLeadDetail>;
  phases(token: string): Promise<CasePhase[]>;
  updatePhase(token: string, phaseId: string, update: CasePhaseUpdate): Promise<CasePhase>;
  audit(token: string, query: AuditQuery, signal?: AbortSignal): Promise<AuditListResponse>;
  /** The Euribor and IPREM series, newest first, and whether the Euribor is out of date. */
  series(token: string, signal?: AbortSignal): Promise<SeriesResponse>;
  /** Adds (or, with `correccion`, corrects) a month's official Euribor: administrators only. */
  addEuribor(token: string, request: EuriborAddRequest): Promise<SeriesResponse>;
  /** Adds (or, with `correccion`, corrects) a year's IPREM: administrators only. */
  addIprem(token: string, request: IpremAddRequest): Promise<SeriesResponse>;
}

export function staffLeadsApi({ send, call, bearer, id }: StaffCalls): StaffLeadsApi {
  return {
    leads: (token, query, signal) =>
      call(leadListResponseSchema, {
        method: 'GET',
        path: '/api/gestion/leads',
        query: queryOf(checkedInput(leadListQuerySchema, query)),
        accessToken: bearer(token),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.leads,
      }),
    async leadsCsv(token, query) {
      const response = await send({
        method: 'GET',
        path: '/api/gestion/leads.csv',
        query: queryOf(checkedInput(leadListQuerySchema, query)),
        headers: { Accept: 'text/csv' },
        accessToken: bearer(token),
        responseType: 'blob',
        fallbackMessage: STAFF_FALLBACK_MESSAGES.leads,
      });
      if (response.blob === undefined || response.blob.size === 0) {
        throw new EmptyResponseError(response.status);
      }
      return response.blob;
    },
    lead: (token, leadId, signal) =>
      call(staffLeadDetailSchema, {
        method: 'GET',
        path: `/api/gestion/leads/${id(leadId)}`,
        accessToken: bearer(token),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.lead,
      }),
    updateLead: (token, leadId, update) =>
      call(staffLeadDetailSchema, {
        method: 'PATCH',
        path: `/api/gestion/leads/${id(leadId)}`,
        body: checkedInput(leadUpdateRequestSchema, update),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.saveLead,
      }),
    addNote: (token, leadId, texto) =>
      call(staffLeadDetailSchema, {
        method: 'POST',
        path: `/api/gestion/leads/${id(leadId)}/notas`,
        body: checkedInput(leadNoteRequestSchema, { texto }),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.saveLead,
      }),
    moveCase: (token, leadId, move) =>
      call(staffLeadDetailSchema, {
        method: 'POST',
        path: `/api/gestion/leads/${id(leadId)}/fase`,
        body: checkedInput(caseMoveRequestSchema, move),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.saveLead,
      }),
    phases: async (token) =>
      (
        await call(casePhasesResponseSchema, {
          method: 'GET',
          path: '/api/gestion/fases',
          accessToken: bearer(token),
          fallbackMessage: STAFF_FALLBACK_MESSAGES.phases,
        })
      ).fases,
    updatePhase: (token, phaseId, update) =>
      call(casePhaseSchema, {
        method: 'PUT',
        path: `/api/gestion/fases/${encodeURIComponent(phaseId)}`,
        body: checkedInput(casePhaseUpdateSchema, update),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.phases,
      }),
    series: (token, signal) =>
      call(seriesResponseSchema, {
        method: 'GET',
        path: '/api/gestion/series',
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.series,
        signal,
      }),
    addEuribor: (token, request) =>
      call(seriesResponseSchema, {
        method: 'POST',
        path: '/api/gestion/series/euribor',
        body: checkedInput(euriborAddRequestSchema, request),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.addSeries,
      }),
    addIprem: (token, request) =>
      call(seriesResponseSchema, {
        method: 'POST',
        path: '/api/gestion/series/iprem',
        body: checkedInput(ipremAddRequestSchema, request),
        accessToken: bearer(token),
        fallbackMessage: STAFF_FALLBACK_MESSAGES.addSeries,
      }),
    audit: (token, query, signal) =>
      call(auditListResponseSchema, {
        method: 'GET',
        path: '/api/gestion/auditoria',
        query: queryOf(checkedInput(auditQuerySchema, query)),
        accessToken: bearer(token),
        signal,
        fallbackMessage: STAFF_FALLBACK_MESSAGES.audit,
      }),
  };
}
