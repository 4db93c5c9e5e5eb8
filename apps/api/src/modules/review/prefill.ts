import {
  type CalculationRequest,
  formatNumber,
  otherMembersCount,
  parseSpanishNumber,
  type ReviewDraftValues,
  type ReviewFieldName,
  reviewFieldNameSchema,
  type ReviewPrefillSource,
} from '@cbp/core';
import type { AppContext } from '../../context';
import type { leads } from '../../db/schema';
import { latestCalculationInputOf } from '../calculations/service';
import { currentCaseFiles } from '../documents/files';

type LeadRow = typeof leads.$inferSelect;

/** The review's values the product already knows, as a person would type them, and from where. */
export interface ReviewPrefill {
  valores: ReviewDraftValues;
  prefill: Partial<Record<ReviewFieldName, ReviewPrefillSource>>;
}

type NumberKind = 'money' | 'plain';

/** The calculator's fields that the review asks again, under the review's names. */
const FROM_CALCULATOR: readonly [keyof CalculationRequest, ReviewFieldName, NumberKind][] = [
  ['plazoOriginal', 'plazoOriginalHipoteca', 'plain'],
  ['tipoInteres', 'interesAnual', 'plain'],
  ['capitalPendiente', 'cantidadPorPagar', 'money'],
  ['pagoMensualHipoteca', 'pagoMensualHipoteca', 'money'],
  ['cuotaJunio2022', 'cuotaJunio2022', 'money'],
  ['cuotaCuatroAnios', 'cuotaHace4Anos', 'money'],
  ['ingresosBrutosAnuales', 'ingresosBrutosAnuales', 'money'],
  ['ingresosNetosAnuales', 'ingresosNetosAnuales', 'money'],
  ['ingresosNetosCuatroAnios', 'ingresosHace4Anos', 'money'],
];

/**
 * A number written the Spanish way, as the wizard shows what a person typed: "150.000",
 * "1.234,56" (amounts with cents show both decimals), "3,25".
 */
export function typedNumber(value: number, kind: NumberKind): string {
  if (kind === 'money' && !Number.isInteger(value)) return formatNumber(value, 2);
  const decimals = /\.(\d+)$/.exec(String(value))?.[1]?.length ?? 0;
  return formatNumber(value, Math.min(decimals, 6));
}

function numberOf(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const number = typeof value === 'number' ? value : parseSpanishNumber(value);
  return Number.isFinite(number) ? number : null;
}

/** The person block (step 3) of a checklist holder key, for the case's current counts. */
function personaOf(holderKey: string, lead: LeadRow): number | null {
  const titulares = lead.numeroTitulares;
  const member = /^miembro-(\d+)$/.exec(holderKey);
  if (member === null) {
    const index = Number(holderKey);
    return Number.isInteger(index) && index >= 1 && index <= titulares ? index : null;
  }
  const index = Number(member[1]);
  return index <= otherMembersCount(titulares, lead.miembrosUnidadFamiliar)
    ? titulares + index
    : null;
}

/**
 * What the review wizard starts from: the contact details the person gave,
 * the mortgage and income figures of its newest calculation, and an income type only where a
 * document shows it (a payslip of that person that the firm has not rejected: 'Nomina').
 */
export async function reviewPrefill(ctx: AppContext, lead: LeadRow): Promise<ReviewPrefill> {
  const valores: ReviewDraftValues = {};
  const prefill: ReviewPrefill['prefill'] = {};
  const put = (field: ReviewFieldName, value: string, source: ReviewPrefillSource) => {
    const text = value.trim();
    if (text === '' || text.length > 300) return;
    valores[field] = text;
    prefill[field] = source;
  };

  // The counts are not prefilled: the simulator never asks them, and the case's own are only
  // a default until the person types them here (decision 0632).
  put('nombre', lead.nombre, 'contacto');
  put('apellidos', lead.apellidos, 'contacto');
  put('telefono', lead.telefono, 'contacto');
  put('email', lead.email, 'contacto');

  const [calculation, files] = await Promise.all([
    latestCalculationInputOf(ctx, lead.id),
    currentCaseFiles(ctx.db, lead.id),
  ]);
  if (calculation !== null) {
    put('bancoHipoteca', calculation.banco ?? '', 'calculadora');
    for (const [from, to, kind] of FROM_CALCULATOR) {
      const number = numberOf(calculation[from]);
      if (number !== null) put(to, typedNumber(number, kind), 'calculadora');
    }
  }
  for (const file of files) {
    const payslip = /^(.+)\/nominas$/.exec(file.slot ?? '');
    if (payslip?.[1] === undefined || file.estado === 'rechazado') continue;
    const persona = personaOf(payslip[1], lead);
    const field = reviewFieldNameSchema.safeParse(`persona${String(persona)}Ingresos`);
    if (persona !== null && field.success) put(field.data, 'Nomina', 'documentos');
  }
  return { valores, prefill };
}
