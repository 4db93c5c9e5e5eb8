import {
  type CaseHistoryItem,
  type CaseStepState,
  missingPersonFactsMessage,
  parseSpanishNumber,
  REVIEW_SERVER_MESSAGES,
  REVIEW_STEPS,
  REVIEW_TABS,
  reviewCountsSchema,
  type ReviewCounts,
  type ReviewDraft,
  type ReviewDraftRequest,
  type ReviewDraftValues,
  reviewDraftValuesSchema,
  reviewFormFromValues,
  type ReviewStep,
  type ReviewTab,
} from '@cbp/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reviewDrafts } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import type { AccessClaims } from '../../lib/access-token';
import { lockCase, sessionCase } from '../case-access/access';
import { setHouseholdCounts } from '../leads/household';
import { assertFileEditable, fileLocked } from '../case-access/lock';
import { type ReviewPrefill, reviewPrefill } from './prefill';

type DraftRow = typeof reviewDrafts.$inferSelect;

/** The kept values that still read as the wizard's fields (a field the form dropped is left out). */
function storedValues(stored: unknown): ReviewDraftValues {
  if (typeof stored !== 'object' || stored === null) return {};
  const valores: ReviewDraftValues = {};
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    const one = reviewDraftValuesSchema.safeParse({ [key]: value });
    if (one.success) Object.assign(valores, one.data);
  }
  return valores;
}

function stepOf(step: number): ReviewStep {
  return REVIEW_STEPS.find((known) => known === step) ?? 1;
}

function tabOf(tab: string): ReviewTab {
  return REVIEW_TABS.find((known) => known === tab) ?? 'personales';
}

/**
 * The review as the client's screens read it: the kept draft, or the product's prefill at
 * revision 0. A kept value still equal to what the product knows keeps its source; the counts do
 * not, since once a draft is kept the case's counts are the ones the person typed.
 */
function draftView(
  row: DraftRow | undefined,
  start: ReviewPrefill,
  bloqueado: boolean,
): ReviewDraft {
  if (row === undefined) {
    return {
      valores: start.valores,
      paso: 1,
      pestana: 'personales',
      revision: 0,
      prefill: start.prefill,
      actualizado: null,
      finalizada: null,
      bloqueado,
    };
  }
  const valores = storedValues(row.values);
  const prefill: ReviewPrefill['prefill'] = {};
  for (const [field, source] of Object.entries(start.prefill) as [
    keyof ReviewDraftValues,
    NonNullable<ReviewPrefill['prefill'][keyof ReviewDraftValues]>,
  ][]) {
    if (field === 'numeroTitulares' || field === 'miembrosUnidadFamiliar') continue;
    if (valores[field] !== undefined && valores[field] === start.valores[field]) {
      prefill[field] = source;
    }
  }
  return {
    valores,
    paso: stepOf(row.step),
    pestana: tabOf(row.tab),
    revision: row.revision,
    prefill,
    actualizado: row.updatedAt.toISOString(),
    finalizada: row.finalizedAt?.toISOString() ?? null,
    bloqueado,
  };
}

async function draftRowOf(ctx: AppContext, leadId: string): Promise<DraftRow | undefined> {
  const [row] = await ctx.db.select().from(reviewDrafts).where(eq(reviewDrafts.leadId, leadId));
  return row;
}

type CaseLead = Awaited<ReturnType<typeof sessionCase>>['lead'];

async function reviewOfLead(ctx: AppContext, lead: CaseLead): Promise<ReviewDraft> {
  const [row, start, locked] = await Promise.all([
    draftRowOf(ctx, lead.id),
    reviewPrefill(ctx, lead),
    fileLocked(ctx.db, lead.id),
  ]);
  return draftView(row, start, locked);
}

/** GET /api/expediente/revision: the session's case review, kept or prefilled. */
export async function readReview(ctx: AppContext, claims: AccessClaims): Promise<ReviewDraft> {
  const { lead } = await sessionCase(ctx, claims);
  return reviewOfLead(ctx, lead);
}

/** Both counts of step 1 when they read as accepted whole numbers; null otherwise. */
function countsOf(valores: ReviewDraftValues): ReviewCounts | null {
  const read = (typed: string | undefined) =>
    typed === undefined ? Number.NaN : parseSpanishNumber(typed);
  const counts = reviewCountsSchema.safeParse({
    numeroTitulares: read(valores.numeroTitulares),
    miembrosUnidadFamiliar: read(valores.miembrosUnidadFamiliar),
  });
  return counts.success ? counts.data : null;
}

/**
 * PUT /api/expediente/revision, the autosave (decision 0500). One conditional upsert keeps the
 * save only when its revision is newer than the kept one, so retries and late arrivals change
 * nothing and the answer is the review as kept. A kept change of the values clears
 * 'Finalizar revisión'; valid counts become the case's household, which the document checklist
 * follows. A sent file refuses it (409).
 */
export async function saveReview(
  ctx: AppContext,
  claims: AccessClaims,
  request: ReviewDraftRequest,
  ip: string,
): Promise<ReviewDraft> {
  const { lead, email } = await sessionCase(ctx, claims);
  const counts = countsOf(request.valores);
  await ctx.db.transaction(async (tx) => {
    await lockCase(tx, lead.id);
    await assertFileEditable(tx, lead.id);
    const now = new Date();
    const kept = await tx
      .insert(reviewDrafts)
      .values({
        leadId: lead.id,
        values: request.valores,
        step: request.paso,
        tab: request.pestana,
        revision: request.revision,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: reviewDrafts.leadId,
        set: {
          values: sql`excluded."values"`,
          step: sql`excluded."step"`,
          tab: sql`excluded."tab"`,
          revision: sql`excluded."revision"`,
          updatedAt: sql`excluded."updated_at"`,
          finalizedAt: sql`case when "review_drafts"."values" = excluded."values" then "review_drafts"."finalized_at" end`,
        },
        setWhere: sql`"review_drafts"."revision" < excluded."revision"`,
      })
      .returning({ leadId: reviewDrafts.leadId });
    if (kept.length === 0 || counts === null) return;
    const changed = await setHouseholdCounts(tx, lead.id, counts);
    if (changed !== null) {
      await recordAudit(tx, {
        actorKind: 'cliente',
        actorId: claims.userId,
        actorEmail: email,
        action: 'review.household_changed',
        subjectType: 'lead',
        subjectId: lead.id,
        before: changed,
        after: counts,
        ip,
      });
    }
  });
  // Read again after the write: the counts, and so the prefill, may have changed.
  return readReview(ctx, claims);
}

/**
 * POST /api/expediente/revision/finalizar, 'Finalizar revisión': the kept review (or, with none,
 * the prefill) must read as the review form; otherwise 400 with each field's message. Accepted,
 * it is marked finalized (once: repeating it changes nothing) and audited.
 */
export async function finalizeReview(
  ctx: AppContext,
  claims: AccessClaims,
  ip: string,
): Promise<ReviewDraft> {
  const { lead, email } = await sessionCase(ctx, claims);
  const start = await reviewPrefill(ctx, lead);
  await ctx.db.transaction(async (tx) => {
    await lockCase(tx, lead.id);
    await assertFileEditable(tx, lead.id);
    const [row] = await tx.select().from(reviewDrafts).where(eq(reviewDrafts.leadId, lead.id));
    const valores = row === undefined ? start.valores : storedValues(row.values);
    const check = reviewFormFromValues(valores);
    if (!check.ok) {
      // Missing person facts are named, whose and which, in the answer's message (decision 0630).
      const missing = missingPersonFactsMessage(valores, check.errors);
      throw new ApiError(
        400,
        missing === null
          ? REVIEW_SERVER_MESSAGES.invalid
          : `${missing} ${REVIEW_SERVER_MESSAGES.invalid}`,
        { errors: check.errors },
      );
    }
    if (row?.finalizedAt != null) return;
    const now = new Date();
    if (row === undefined) {
      await tx.insert(reviewDrafts).values({
        leadId: lead.id,
        values: valores,
        step: 4,
        tab: 'personales',
        revision: 0,
        updatedAt: now,
        finalizedAt: now,
      });
    } else {
      await tx
        .update(reviewDrafts)
        .set({ finalizedAt: now })
        .where(eq(reviewDrafts.leadId, lead.id));
    }
    await recordAudit(tx, {
      actorKind: 'cliente',
      actorId: claims.userId,
      actorEmail: email,
      action: 'review.finalized',
      subjectType: 'lead',
      subjectId: lead.id,
      after: { revision: row?.revision ?? 0 },
      ip,
    });
  });
  return readReview(ctx, claims);
}

/** 'Revisar Expediente' in the client's task list: started once saved, done once finalized. */
export async function reviewStepState(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<CaseStepState> {
  const { lead } = await sessionCase(ctx, claims);
  const row = await draftRowOf(ctx, lead.id);
  if (row === undefined) return 'no-empezado';
  return row.finalizedAt === null ? 'en-curso' : 'completado';
}

/** The review's finalization, for the client's history. */
export async function reviewHistoryOf(ctx: AppContext, leadId: string): Promise<CaseHistoryItem[]> {
  const row = await draftRowOf(ctx, leadId);
  if (row?.finalizedAt == null) return [];
  return [
    {
      fecha: row.finalizedAt.toISOString(),
      accion: 'Revisión del expediente finalizada',
      descripcion: 'Revisaste y confirmaste los datos de tu expediente.',
      estado: 'completado',
      origen: 'cliente',
    },
  ];
}
