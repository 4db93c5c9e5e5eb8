import type { StaffLeadDetail, StaffLeadSummary } from '@cbp/core';
import type { AppContext } from '../../context';
import { billingStatusOf } from '../billing/status';
import { calculationsOfLead } from '../calculations/service';
import { caseHistoryOf } from '../case/phases';
import { staffLeadRecord } from '../leads/backoffice';
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

const CSV_COLUMNS: { header: string; value: (lead: StaffLeadSummary) => string }[] = [
  { header: 'Fecha', value: (lead) => lead.creadoEl },
  { header: 'Nombre', value: (lead) => lead.nombre },
  { header: 'Apellidos', value: (lead) => lead.apellidos },
  { header: 'Correo electrónico', value: (lead) => lead.email },
  { header: 'Teléfono', value: (lead) => lead.telefono },
  { header: 'Resultado', value: (lead) => lead.resultado },
  {
    header: 'Porcentaje de la cuota',
    value: (lead) =>
      lead.porcentajeCuota === null ? '' : String(lead.porcentajeCuota).replace('.', ','),
  },
  { header: 'Fase comercial', value: (lead) => lead.fase_comercial },
  { header: 'Estado', value: (lead) => lead.estado },
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
