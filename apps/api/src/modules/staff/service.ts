import {
  type AuditListResponse,
  formatDate,
  formatNumber,
  formatTime,
  LEAD_RESULT_LABELS,
  type StaffLeadDetail,
  type StaffLeadSummary,
} from '@cbp/core';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { billingStatusOf } from '../billing/status';
import { calculationsOfLead } from '../calculations/service';
import { caseHistoryOf } from '../case/phases';
import { auditCaseRef, auditStaffRef } from '../audit/service';
import { caseNames, staffLeadRecord } from '../leads/backoffice';
import type { Executor } from '../../db/client';
import { staffMembers } from '../../db/schema';
import { mailsSentTo } from '../mail/outbox';

/** Everything the firm sees of one lead, gathered from the modules that own each part. */
export async function leadDetail(ctx: AppContext, leadId: string): Promise<StaffLeadDetail> {
  const record = await staffLeadRecord(ctx.db, leadId);
  const [calculos, correos, historial, pago] = await Promise.all([
    calculationsOfLead(ctx, leadId),
    mailsSentTo(ctx.db, record.lead.email),
    caseHistoryOf(ctx.db, leadId),
    billingStatusOf(ctx.db, leadId),
  ]);
  return { ...record, calculos, correos, historial, pago };
}

/**
 * The export says what the leads screen says: its column names and labels ("Cumple", not the
 * code), the day and time in Spain as a spreadsheet in Spanish reads them ("02/07/2026", "00:30")
 * and decimals with a comma, so a number stays a number.
 */
/**
 * A page of the audit log with each entry's case named by its client, and each member of the team
 * it is about by name and e-mail: no bare ids to read.
 */
export async function auditWithCases(
  db: Executor,
  page: AuditListResponse,
): Promise<AuditListResponse> {
  const refs = page.entradas.map(auditCaseRef);
  const staffIds = [...new Set(page.entradas.flatMap((entry) => auditStaffRef(entry) ?? []))];
  const members =
    staffIds.length === 0
      ? []
      : await db
          .select({ id: staffMembers.id, nombre: staffMembers.nombre, email: staffMembers.email })
          .from(staffMembers)
          .where(inArray(staffMembers.id, staffIds));
  const byStaff = new Map(members.map(({ id, ...persona }) => [id, persona]));
  const names = await caseNames(db, {
    leadIds: [
      ...new Set(refs.flatMap((ref) => (ref !== null && 'leadId' in ref ? [ref.leadId] : []))),
    ],
    userIds: [
      ...new Set(refs.flatMap((ref) => (ref !== null && 'userId' in ref ? [ref.userId] : []))),
    ],
  });
  return {
    ...page,
    entradas: page.entradas.map((entry, index) => {
      const staffId = auditStaffRef(entry);
      if (staffId !== null) return { ...entry, persona: byStaff.get(staffId) ?? null };
      const ref = refs[index] ?? null;
      if (ref === null) return entry;
      if ('userId' in ref) return { ...entry, caso: names.byUser.get(ref.userId) ?? null };
      const nombre = names.byLead.get(ref.leadId);
      return { ...entry, caso: nombre === undefined ? null : { leadId: ref.leadId, nombre } };
    }),
  };
}

const CSV_COLUMNS: { header: string; value: (lead: StaffLeadSummary) => string }[] = [
  { header: 'Fecha', value: (lead) => formatDate(lead.creadoEl) },
  { header: 'Hora', value: (lead) => formatTime(lead.creadoEl) },
  { header: 'Nombre', value: (lead) => lead.nombre },
  { header: 'Apellidos', value: (lead) => lead.apellidos },
  { header: 'Correo electrónico', value: (lead) => lead.email },
  { header: 'Teléfono', value: (lead) => lead.telefono },
  { header: 'Resultado', value: (lead) => LEAD_RESULT_LABELS[lead.resultado] },
  {
    header: 'Cuota sobre ingresos (%)',
    value: (lead) => (lead.porcentajeCuota === null ? '' : formatNumber(lead.porcentajeCuota, 2)),
  },
  { header: 'Fase comercial', value: (lead) => lead.fase_comercial },
  { header: 'Estado del caso', value: (lead) => lead.estado },
  { header: 'Otros contactos de la persona', value: (lead) => String(lead.duplicados) },
  { header: 'Id del lead', value: (lead) => lead.id },
  { header: 'Id de la persona', value: (lead) => lead.personaId },
];

/**
 * One CSV field. A value a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed
 * with an apostrophe: a visitor's name must not become code on the firm's computer (OWASP
 * "CSV injection").
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Semicolon-separated with a BOM: what a spreadsheet in Spanish opens without asking. */
export function csvHeader(): string {
  return `\uFEFF${CSV_COLUMNS.map((column) => csvField(column.header)).join(';')}\r\n`;
}

export function csvRow(lead: StaffLeadSummary): string {
  return `${CSV_COLUMNS.map((column) => csvField(column.value(lead))).join(';')}\r\n`;
}
