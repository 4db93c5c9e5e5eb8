import {
  bankAnswerDeadline,
  bankAnswerTerm,
  type CaseHistoryItem,
  type CaseStatusView,
  type CaseStepState,
  madridDay,
  phaseEstimate,
  RULES,
  TEXT_LIMITS,
  NO_CASE_MESSAGE,
} from '@cbp/core';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { caseHistory, casePhases, leads } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/access-token';
import { addDays, currentContract } from '../billing/status';
import { requiredDocumentsOf } from '../documents/status';
import { sessionCase } from '../case-access/access';
import { openSubmissionOf } from '../case-access/lock';
import type { HistoryReporter } from './service';

const MAX_HISTORY = 500;

type PhaseRow = typeof casePhases.$inferSelect;

/** The case's phase; a phase id the table no longer has reads as the first phase. */
async function phaseOfLead(ctx: AppContext, leadId: string) {
  const [lead] = await ctx.db
    .select({ phaseId: leads.phaseId, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (lead === undefined) throw new ApiError(404, NO_CASE_MESSAGE);
  const phases = await ctx.db.select().from(casePhases).orderBy(asc(casePhases.orden));
  const phase = phases.find((row) => row.id === lead.phaseId) ?? phases[0];
  if (phase === undefined) throw new Error('case_phases is empty');
  return { phase, since: lead.createdAt };
}

/**
 * Every phase move the firm made, with its note; the move into the phase the case is in is the
 * step under way ('en-progreso'), unless the case is closed. A case never moved shows the phase
 * it started in as under way.
 */
export async function phaseHistoryOf(ctx: AppContext, leadId: string): Promise<CaseHistoryItem[]> {
  const [{ phase, since }, moves] = await Promise.all([
    phaseOfLead(ctx, leadId),
    ctx.db
      .select()
      .from(caseHistory)
      .where(eq(caseHistory.leadId, leadId))
      .orderBy(desc(caseHistory.createdAt))
      .limit(200),
  ]);
  const underWay = phase.id === 'cerrado' ? 'completado' : 'en-progreso';
  const items = moves.map((move, index): CaseHistoryItem => ({
    fecha: move.createdAt.toISOString(),
    accion: `Tu caso pasa a «${move.toPhaseName}»`,
    descripcion: move.note,
    estado: index === 0 && move.toPhase === phase.id ? underWay : 'completado',
    origen: 'despacho',
  }));
  if (items.length === 0 || moves[0]?.toPhase !== phase.id) {
    items.unshift({
      fecha: (moves[0]?.createdAt ?? since).toISOString(),
      accion: `Tu caso está en «${phase.nombre}»`,
      descripcion: nextStepText(phase),
      estado: underWay,
      origen: 'despacho',
    });
  }
  return items;
}

function nextStepText(phase: PhaseRow): string {
  const { estimacion } = phaseEstimate(phase.id, phase.estimacion);
  return `Siguiente paso: ${phase.siguientePaso}. Tiempo estimado: ${estimacion}.`;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Every module's entries, newest first (the step under way first among equals), at most 500. */
async function caseHistoryItems(
  ctx: AppContext,
  leadId: string,
  reporters: readonly HistoryReporter[],
): Promise<CaseHistoryItem[]> {
  const reported = await Promise.all(
    [phaseHistoryOf, ...reporters].map((report) => report(ctx, leadId)),
  );
  return reported
    .flat()
    .map((item, order) => ({ item, order, at: Date.parse(item.fecha) }))
    .sort(
      (a, b) =>
        b.at - a.at ||
        Number(b.item.estado === 'en-progreso') - Number(a.item.estado === 'en-progreso') ||
        a.order - b.order,
    )
    .slice(0, MAX_HISTORY)
    .map(({ item }) => ({
      ...item,
      accion: clip(item.accion, TEXT_LIMITS.shortText),
      descripcion: clip(item.descripcion, TEXT_LIMITS.longText),
    }));
}

/**
 * The day by which each pending document is due: `RULES.caseFile.documentsDueDays` calendar
 * days from the day the contract started (its first payment) in Spain; null before that.
 */
async function documentsDueDay(ctx: AppContext, leadId: string): Promise<string | null> {
  const contract = await currentContract(ctx.db, leadId);
  if (contract?.startedAt == null || contract.withdrawnAt !== null) return null;
  return addDays(madridDay(contract.startedAt), RULES.caseFile.documentsDueDays);
}

/** GET /api/case/status: the session's case as /app/estado-caso shows it. */
export async function caseStatusOf(
  ctx: AppContext,
  claims: AccessClaims,
  reporters: readonly HistoryReporter[],
): Promise<CaseStatusView> {
  const { lead } = await sessionCase(ctx, claims);
  const [{ phase }, historial, documentos, submission] = await Promise.all([
    phaseOfLead(ctx, lead.id),
    caseHistoryItems(ctx, lead.id, reporters),
    documentsDueDay(ctx, lead.id).then((due) => requiredDocumentsOf(ctx, lead.id, due)),
    openSubmissionOf(ctx.db, lead.id),
  ]);
  const newest = historial[0]?.fecha ?? lead.createdAt.toISOString();
  const estimate = phaseEstimate(phase.id, phase.estimacion, submission?.presentedOn ?? null);
  return {
    estado: {
      fase: phase.nombre,
      progreso: phase.progreso,
      ultimaActualizacion: newest,
      siguientePaso: phase.siguientePaso,
      estimacionTiempo: estimate.estimacion,
      fuenteEstimacion: estimate.fuente,
      prioridad: documentos.some((document) => document.prioridad === 'alta') ? 'alta' : 'normal',
    },
    historial,
    documentos,
    envio:
      submission === null
        ? null
        : { enviadoEl: submission.sentAt.toISOString(), plazoBanco: bankAnswerTerm() },
    respuestaBanco:
      submission?.presentedOn == null ? null : bankAnswerDeadline(submission.presentedOn),
  };
}

/** 'Estado del Caso' in the client's task list: under way until the firm closes the case. */
export async function caseStatusStepState(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<CaseStepState> {
  const { lead } = await sessionCase(ctx, claims);
  const { phase } = await phaseOfLead(ctx, lead.id);
  return phase.id === 'cerrado' ? 'completado' : 'en-curso';
}
