import {
  type CalculationRecord,
  type CalculationRequest,
  type CalculatorDraft,
  type CalculatorDraftRequest,
  type CalculatorStart,
  type CaseStepState,
  type EuriborMonth,
  type HouseholdCircumstances,
  calculateRelief,
  calculationQualifies,
  calculationResultSchema,
  calculationCircumstances,
  CalculatorValidationError,
  type KnownAnswers,
  calculationRecordSchema,
  calculationRequestSchema,
  calculatorDraftSchema,
  NO_CASE_MESSAGE,
  simulatorAnswersSchema,
} from '@cbp/core';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { calculationDrafts, calculations } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/access-token';
import { leadOfLeadSession, userForClaims } from '../auth/users';
import { loadOwnedLead } from '../case-access/access';
import { euriborSeries } from '../series/service';

/** The lead the session works on: its own for a lead session, the account's current one otherwise. */
async function caseLead(ctx: AppContext, claims: AccessClaims) {
  if (claims.scope === 'lead') return leadOfLeadSession(ctx, claims);
  const { leadId } = await userForClaims(ctx, claims);
  if (leadId === null || leadId === undefined) throw new ApiError(404, NO_CASE_MESSAGE);
  return loadOwnedLead(ctx, claims, leadId);
}

function toRecord(row: typeof calculations.$inferSelect): CalculationRecord {
  return calculationRecordSchema.parse({
    id: row.id,
    leadId: row.leadId,
    creado: row.createdAt.toISOString(),
    banco: (row.inputs as { banco?: unknown }).banco,
    entrada: row.inputs,
    resultado: row.result,
  });
}

function relief(
  input: CalculationRequest,
  evaluationDate: string,
  known: KnownAnswers,
  euribor: readonly EuriborMonth[],
) {
  try {
    return calculateRelief(input, { evaluationDate, known, euribor });
  } catch (error) {
    // The spec's own messages: which fields are missing, which are out of range.
    if (error instanceof CalculatorValidationError) throw new ApiError(400, error.message);
    throw error;
  }
}

/**
 * Computes the relief with core on today's law, with what the simulator already knows from the
 * lead and the Euribor series the firm keeps, and keeps it on the case beside the earlier ones.
 */
export async function recordCalculation(
  ctx: AppContext,
  claims: AccessClaims,
  input: CalculationRequest,
): Promise<CalculationRecord> {
  const lead = await caseLead(ctx, claims);
  const answers = simulatorAnswersSchema.safeParse(lead.respuestas);
  const known = answers.success
    ? {
        mainResidence: answers.data.viviendaHabitual,
        priceUpTo300k: answers.data.precioHasta300k,
        signedBefore2023: answers.data.firmadaAntes2023,
      }
    : {};
  const result = relief(input, ctx.today(), known, await euriborSeries(ctx.db));
  // Kept as the calculation counted them, so the review, the checklist and the declaration read
  // the same circumstances: the disability answer and mayorSesenta included (decision 0612).
  const circunstancias = calculationCircumstances(input);
  // The wizard is done: /app opens on this result, not on the figures it was computed from. One
  // statement keeps the result and drops the draft together, in one round trip on the path a
  // person waits on.
  const droppedDraft = ctx.db.$with('dropped_draft').as(
    ctx.db
      .delete(calculationDrafts)
      .where(
        and(eq(calculationDrafts.leadId, lead.id), eq(calculationDrafts.userId, claims.userId)),
      )
      .returning({ leadId: calculationDrafts.leadId }),
  );
  const [row] = await ctx.db
    .with(droppedDraft)
    .insert(calculations)
    .values({
      leadId: lead.id,
      userId: claims.userId,
      inputs: {
        ...input,
        banco: (input.banco ?? '').trim(),
        circunstancias,
        mayorSesenta: circunstancias['mayor-60'] !== undefined,
      },
      result,
      evaluationDate: result.fechaEvaluacion,
      rulesVersion: result.versionReglas,
    })
    .returning();
  if (row === undefined) throw new Error('calculation insert returned no row');
  return toRecord(row);
}

/** The newest calculation of the session's case, or null before the first one. */
export async function latestCalculation(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<CalculationRecord | null> {
  const lead = await caseLead(ctx, claims);
  const [row] = await ctx.db
    .select()
    .from(calculations)
    .where(and(eq(calculations.leadId, lead.id), eq(calculations.userId, claims.userId)))
    .orderBy(desc(calculations.createdAt))
    .limit(1);
  return row === undefined ? null : toRecord(row);
}

async function newestCalculationRow(db: Executor, leadId: string) {
  const [row] = await db
    .select({ inputs: calculations.inputs, result: calculations.result })
    .from(calculations)
    .where(eq(calculations.leadId, leadId))
    .orderBy(desc(calculations.createdAt))
    .limit(1);
  return row;
}

/**
 * What the case's newest calculation was made from (the calculator's form as sent), or null
 * before the first one: the review wizard starts from it.
 */
export async function latestCalculationInputOf(
  ctx: AppContext,
  leadId: string,
): Promise<CalculationRequest | null> {
  const row = await newestCalculationRow(ctx.db, leadId);
  if (row === undefined) return null;
  const parsed = calculationRequestSchema.safeParse(row.inputs);
  return parsed.success ? parsed.data : null;
}

/** The 2012 code's package a calculation gave: the five-year grace or the two-year one. */
export type GracePackage = 'long' | 'short';

/** What the case's newest calculation says of the household, for the checklist and the file. */
export interface CalculationFacts {
  /**
   * The circumstances of special vulnerability as the calculation counts them; null without a
   * calculation, or for one made before anything about them was asked (then the declaration and
   * the letter say nothing of them rather than "none").
   */
  circunstancias: HouseholdCircumstances | null;
  /** The package of the 2012 code the calculation gave; null when it gave neither. */
  package2012: GracePackage | null;
  /** Whether the calculation says the person can apply today; null without a calculation. */
  qualifies: boolean | null;
}

const resultFields = calculationResultSchema.shape;
const packageOfResult = z.object({ tipoCarencia: resultFields.tipoCarencia });
const verdictOfResult = z.object({
  cumpleRequisitos: resultFields.cumpleRequisitos,
  codigo: resultFields.codigo,
});

export async function latestCalculationFactsOf(
  db: Executor,
  leadId: string,
): Promise<CalculationFacts> {
  const row = await newestCalculationRow(db, leadId);
  if (row === undefined) return { circunstancias: null, package2012: null, qualifies: null };
  const input = calculationRequestSchema.safeParse(row.inputs);
  const counted = input.success ? calculationCircumstances(input.data) : {};
  const asked = input.success && input.data.circunstancias != null;
  const result = packageOfResult.safeParse(row.result);
  const tipo = result.success ? result.data.tipoCarencia : null;
  const verdict = verdictOfResult.safeParse(row.result);
  return {
    circunstancias: asked || Object.keys(counted).length > 0 ? counted : null,
    package2012: tipo === 'carencia5' ? 'long' : tipo === 'carencia2' ? 'short' : null,
    qualifies: verdict.success ? calculationQualifies(verdict.data) : null,
  };
}

function draftOf(row: typeof calculationDrafts.$inferSelect): CalculatorDraft | null {
  // A draft kept under an older shape of the form is dropped rather than breaking the page.
  const parsed = calculatorDraftSchema.safeParse({
    entrada: row.inputs,
    paso: row.step,
    actualizado: row.updatedAt.toISOString(),
  });
  return parsed.success ? parsed.data : null;
}

/** The wizard's draft of the session's case, and what the simulator already answered. */
export async function readDraft(ctx: AppContext, claims: AccessClaims): Promise<CalculatorStart> {
  const lead = await caseLead(ctx, claims);
  const [row] = await ctx.db
    .select()
    .from(calculationDrafts)
    .where(and(eq(calculationDrafts.leadId, lead.id), eq(calculationDrafts.userId, claims.userId)));
  const answers = simulatorAnswersSchema.safeParse(lead.respuestas);
  return {
    borrador: row === undefined ? null : draftOf(row),
    simulador: answers.success
      ? {
          cuotaMensual: answers.data.cuotaMensual,
          ingresosMensuales: answers.data.ingresosMensuales,
          fecha: lead.createdAt.toISOString(),
        }
      : null,
  };
}

/** Keeps the wizard's values (as typed) and step, replacing the earlier draft. */
export async function saveDraft(
  ctx: AppContext,
  claims: AccessClaims,
  draft: CalculatorDraftRequest,
): Promise<CalculatorDraft> {
  const lead = await caseLead(ctx, claims);
  const now = new Date();
  const [row] = await ctx.db
    .insert(calculationDrafts)
    .values({
      leadId: lead.id,
      userId: claims.userId,
      inputs: draft.entrada,
      step: draft.paso,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [calculationDrafts.leadId, calculationDrafts.userId],
      set: { inputs: draft.entrada, step: draft.paso, updatedAt: now },
    })
    .returning();
  const saved = row === undefined ? null : draftOf(row);
  if (saved === null) throw new Error('draft upsert returned no usable row');
  return saved;
}

/** 'Calcular Cuota' in the client's task list: done once calculated, started once drafted. */
export async function calculatorStepState(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<CaseStepState> {
  const lead = await caseLead(ctx, claims);
  const mine = (table: typeof calculations | typeof calculationDrafts) =>
    and(eq(table.leadId, lead.id), eq(table.userId, claims.userId));
  const [calculation] = await ctx.db
    .select({ id: calculations.id })
    .from(calculations)
    .where(mine(calculations))
    .limit(1);
  if (calculation !== undefined) return 'completado';
  const [draft] = await ctx.db
    .select({ leadId: calculationDrafts.leadId })
    .from(calculationDrafts)
    .where(mine(calculationDrafts))
    .limit(1);
  return draft === undefined ? 'no-empezado' : 'en-curso';
}

/** What the back-office lists of each calculation a case made, newest first. */
export async function calculationsOfLead(ctx: AppContext, leadId: string) {
  const rows = await ctx.db
    .select()
    .from(calculations)
    .where(eq(calculations.leadId, leadId))
    .orderBy(desc(calculations.createdAt))
    .limit(200);
  return rows.map((row) => {
    const result = row.result as {
      cumpleRequisitos?: unknown;
      codigo?: unknown;
      cuotaActual?: unknown;
      nuevaCuota?: unknown;
    };
    return {
      id: row.id,
      fecha: row.createdAt.toISOString(),
      fechaEvaluacion: row.evaluationDate,
      versionReglas: row.rulesVersion,
      cumpleRequisitos: result.cumpleRequisitos === true,
      codigo: typeof result.codigo === 'string' ? result.codigo : null,
      cuotaActual: typeof result.cuotaActual === 'number' ? result.cuotaActual : null,
      nuevaCuota: typeof result.nuevaCuota === 'number' ? result.nuevaCuota : null,
    };
  });
}
