import type { CasePhase, CasePhaseUpdate, CaseHistoryEntry } from '@cbp/core';
import { phaseEstimate, RULES, STAFF_MESSAGES } from '@cbp/core';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  type CASE_MOVE_CAUSES,
  caseHistory,
  casePhases,
  leads,
  staffMembers,
} from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { isUuid } from '../../lib/sql-filters';
import { recordAudit, type AuditEvent } from '../audit/service';
import { lockCase } from '../case-access/access';
import { enqueueMail } from '../mail/outbox';
import { caseMovedMail } from '../mail/case-mails';

export type PhaseRow = typeof casePhases.$inferSelect;
type LeadRow = typeof leads.$inferSelect;

function phaseView(row: PhaseRow): CasePhase {
  return {
    id: row.id,
    nombre: row.nombre,
    orden: row.orden,
    progreso: row.progreso,
    siguientePaso: row.siguientePaso,
    estimacion: row.estimacion,
  };
}

export async function listPhases(db: Executor): Promise<CasePhase[]> {
  const rows = await db.select().from(casePhases).orderBy(asc(casePhases.orden));
  return rows.map(phaseView);
}

export async function updatePhase(
  ctx: AppContext,
  phaseId: string,
  update: CasePhaseUpdate,
  audit: Omit<AuditEvent, 'action'>,
): Promise<CasePhase> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(casePhases).where(eq(casePhases.id, phaseId));
    if (before === undefined) throw new ApiError(404, STAFF_MESSAGES.unknownPhase);
    const [after] = await tx
      .update(casePhases)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(casePhases.id, phaseId))
      .returning();
    if (after === undefined) throw new ApiError(404, STAFF_MESSAGES.unknownPhase);
    await recordAudit(tx, {
      ...audit,
      action: 'phase.updated',
      subjectType: 'phase',
      subjectId: phaseId,
      before: phaseView(before),
      after: phaseView(after),
    });
    return phaseView(after);
  });
}

export async function caseHistoryOf(db: Executor, leadId: string): Promise<CaseHistoryEntry[]> {
  const rows = await db
    .select({ entry: caseHistory, author: { id: staffMembers.id, nombre: staffMembers.nombre } })
    .from(caseHistory)
    .leftJoin(staffMembers, eq(staffMembers.id, caseHistory.staffId))
    .where(eq(caseHistory.leadId, leadId))
    .orderBy(desc(caseHistory.createdAt))
    .limit(500);
  return rows.map(({ entry, author }) => ({
    id: entry.id,
    fecha: entry.createdAt.toISOString(),
    de: entry.fromPhaseName,
    a: entry.toPhaseName,
    nota: entry.note,
    autor: author === null ? null : { id: author.id, nombre: author.nombre },
  }));
}

export async function phaseById(db: Executor, phaseId: string): Promise<PhaseRow | undefined> {
  const [phase] = await db.select().from(casePhases).where(eq(casePhases.id, phaseId));
  return phase;
}

type CaseMoveCause = (typeof CASE_MOVE_CAUSES)[number];

/**
 * Whether a history entry is the move a sending made: told by its cause, so rewording the note
 * the client reads changes nothing for files already sent (decision 0803).
 */
export function movedBySending(entry: typeof caseHistory.$inferSelect): boolean {
  return (
    entry.cause === 'envio' &&
    entry.staffId === null &&
    entry.toPhase === RULES.caseFile.phaseAfterSending
  );
}

/**
 * The move itself, inside the caller's transaction with the lead row locked: the lead's `estado`
 * takes the phase's name and a history entry keeps the note. `staffId` null: no member of the
 * firm made it (the client's own action did). It is audited as `case.moved` by `actor`; the caller
 * e-mails.
 */
export async function recordCaseMove(
  tx: Executor,
  move: {
    lead: LeadRow;
    phase: PhaseRow;
    note: string;
    staffId: string | null;
    cause?: CaseMoveCause;
  },
  actor: Pick<AuditEvent, 'actorKind' | 'actorId' | 'actorEmail' | 'ip'>,
): Promise<void> {
  const { lead, phase } = move;
  await tx
    .update(leads)
    .set({ phaseId: phase.id, estado: phase.nombre })
    .where(eq(leads.id, lead.id));
  await tx.insert(caseHistory).values({
    leadId: lead.id,
    fromPhase: lead.phaseId,
    fromPhaseName: lead.estado,
    toPhase: phase.id,
    toPhaseName: phase.nombre,
    note: move.note,
    staffId: move.staffId,
    cause: move.cause,
  });
  await recordAudit(tx, {
    ...actor,
    action: 'case.moved',
    subjectType: 'lead',
    subjectId: lead.id,
    before: { fase: lead.phaseId, estado: lead.estado },
    after: { fase: phase.id, estado: phase.nombre, nota: move.note },
  });
}

/**
 * Moves a case to another phase: the lead's `estado` takes the phase's name, a history entry
 * keeps the note (what the client's status screen shows), the client is e-mailed in Spanish
 * and the audit log records who did it. All in one transaction.
 */
export async function moveCase(
  ctx: AppContext,
  input: { leadId: string; phaseId: string; note: string; staffId: string },
  audit: Omit<AuditEvent, 'action'>,
): Promise<void> {
  if (!isUuid(input.leadId)) throw new ApiError(404, messages.leadNotFound);
  await ctx.db.transaction(async (tx) => {
    const phase = await phaseById(tx, input.phaseId);
    if (phase === undefined) {
      throw new ApiError(400, STAFF_MESSAGES.unknownPhase, {
        errors: { fase: STAFF_MESSAGES.unknownPhase },
      });
    }
    const lead = await lockCase(tx, input.leadId);
    if (lead === undefined) throw new ApiError(404, messages.leadNotFound);
    await recordCaseMove(tx, { lead, phase, note: input.note, staffId: input.staffId }, audit);
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: lead.email,
        mail: caseMovedMail({
          nombre: lead.nombre,
          fase: phase.nombre,
          progreso: phase.progreso,
          siguientePaso: phase.siguientePaso,
          estimacion: phaseEstimate(phase.id, phase.estimacion).estimacion,
          nota: input.note,
          statusLink: ctx.links.caseStatus(),
        }),
      },
    ]);
  });
  ctx.mailEnqueued();
}
