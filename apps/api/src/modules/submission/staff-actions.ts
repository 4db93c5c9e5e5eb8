import {
  bankAnswerDeadline,
  madridDay,
  presentedBeforeSendingMessage,
  RULES,
  SUBMISSION_MESSAGES,
  type SubmissionView,
} from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { caseHistory, caseSubmissions } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { openAudited } from '../audit/opened-file';
import { recordAudit, type AuditEvent } from '../audit/service';
import { movedBySending, phaseById, recordCaseMove } from '../case/phases';
import { leadRow, lockCase, type LeadRow } from '../case-access/access';
import { enqueueMail } from '../mail/outbox';
import { months } from './letter';
import { openSubmissionOf } from '../case-access/lock';
import { filePresentedMail, fileReopenedMail } from './mails';
import { partNumbered, SUBMISSION_SERVER_MESSAGES, submissionFileName, viewOf } from './service';

/** GET /api/gestion/leads/{leadId}/expediente: the client's view of that case. */
export async function staffSubmissionView(
  ctx: AppContext,
  leadId: string,
): Promise<SubmissionView> {
  return viewOf(ctx, await leadRow(ctx.db, leadId));
}

/** A part of the sent file for the firm; each opening is audited before any byte leaves. */
export async function openSubmissionPartForStaff(
  ctx: AppContext,
  leadId: string,
  numero: number,
  audit: Omit<AuditEvent, 'action'>,
) {
  const lead = await leadRow(ctx.db, leadId);
  const open = await openSubmissionOf(ctx.db, lead.id);
  if (open === null) throw new ApiError(404, SUBMISSION_SERVER_MESSAGES.staffNotSent);
  const part = partNumbered(open, numero);
  const content = await openAudited(ctx, part.storageKey, {
    ...audit,
    action: 'submission.viewed',
    subjectType: 'lead',
    subjectId: lead.id,
    after: { envio: open.id, parte: part.numero, sha256: part.sha256 },
  });
  return { part, fileName: submissionFileName(open, part.numero), content };
}

/**
 * Reopening undoes the sending's move: while the case's last move is the one the sending made,
 * the case goes back to the phase it came from. A case the firm has moved on since stays where
 * it is (docs/decisions/0540-reopening-moves-the-case-back.md).
 */
async function moveBackFromSending(
  tx: Transaction,
  lead: LeadRow,
  staffId: string,
  audit: Omit<AuditEvent, 'action'>,
): Promise<void> {
  if (lead.phaseId !== RULES.caseFile.phaseAfterSending) return;
  const [last] = await tx
    .select()
    .from(caseHistory)
    .where(eq(caseHistory.leadId, lead.id))
    .orderBy(desc(caseHistory.createdAt))
    .limit(1);
  if (last === undefined || !movedBySending(last) || last.fromPhase === null) return;
  const previous = await phaseById(tx, last.fromPhase);
  if (previous === undefined) return;
  const note = SUBMISSION_SERVER_MESSAGES.reopenedNote;
  await recordCaseMove(tx, { lead, phase: previous, note, staffId }, audit);
}

/**
 * POST /api/gestion/leads/{leadId}/expediente/reabrir: the firm reopens a sent file so the client
 * can change it (audited, and the client is told why by e-mail). A later send makes a new row.
 */
export async function reopenSubmission(
  ctx: AppContext,
  leadId: string,
  input: { nota: string; staffId: string },
  audit: Omit<AuditEvent, 'action'>,
): Promise<SubmissionView> {
  const lead = await leadRow(ctx.db, leadId);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockCase(tx, lead.id);
    if (locked === undefined) throw new ApiError(404, messages.leadNotFound);
    const open = await openSubmissionOf(tx, lead.id);
    if (open === null) throw new ApiError(409, SUBMISSION_MESSAGES.notLocked);
    const reopenedAt = new Date();
    await tx
      .update(caseSubmissions)
      .set({ reopenedAt, reopenedBy: input.staffId, reopenNote: input.nota })
      .where(eq(caseSubmissions.id, open.id));
    await moveBackFromSending(tx, locked, input.staffId, audit);
    await recordAudit(tx, {
      ...audit,
      action: 'submission.reopened',
      subjectType: 'lead',
      subjectId: lead.id,
      before: { envio: open.id, enviadoEl: open.sentAt.toISOString() },
      after: { envio: open.id, reabiertoEl: reopenedAt.toISOString(), nota: input.nota },
    });
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: locked.email,
        mail: fileReopenedMail({
          nombre: locked.nombre,
          nota: input.nota,
          link: ctx.links.submission(),
        }),
      },
    ]);
  });
  ctx.mailEnqueued();
  return viewOf(ctx, lead);
}

function presentationRefused(message: string): ApiError {
  return new ApiError(400, message, { errors: { fecha: message } });
}

/**
 * POST /api/gestion/leads/{leadId}/expediente/presentacion: the firm records the day it presented
 * the sent file to the bank, from which the bank's month runs
 * (docs/decisions/0542-bank-deadline-from-presentation.md). Only while a send stands; the day is
 * neither before the sending (in Spain) nor after today. A later POST corrects it: the row keeps
 * the latest, the audit log every one, and the client is e-mailed each time the day changes.
 */
export async function recordPresentation(
  ctx: AppContext,
  leadId: string,
  input: { fecha: string; staffId: string },
  audit: Omit<AuditEvent, 'action'>,
): Promise<SubmissionView> {
  const lead = await leadRow(ctx.db, leadId);
  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockCase(tx, lead.id);
    if (locked === undefined) throw new ApiError(404, messages.leadNotFound);
    const open = await openSubmissionOf(tx, lead.id);
    if (open === null) throw new ApiError(409, SUBMISSION_MESSAGES.notPresentable);
    const sentOn = madridDay(open.sentAt);
    if (input.fecha < sentOn) throw presentationRefused(presentedBeforeSendingMessage(sentOn));
    if (input.fecha > ctx.today()) {
      throw presentationRefused(SUBMISSION_MESSAGES.presentedInFuture);
    }
    // The same day again (a second press) changes nothing and tells no one twice.
    if (open.presentedOn === input.fecha) return false;
    const deadline = bankAnswerDeadline(input.fecha);
    const recordedAt = new Date();
    await tx
      .update(caseSubmissions)
      .set({
        presentedOn: input.fecha,
        presentedBy: input.staffId,
        presentedRecordedAt: recordedAt,
      })
      .where(eq(caseSubmissions.id, open.id));
    await recordAudit(tx, {
      ...audit,
      action: 'submission.presented',
      subjectType: 'lead',
      subjectId: lead.id,
      before: {
        envio: open.id,
        presentadoEl: open.presentedOn,
        respuestaAntesDe:
          open.presentedOn === null ? null : bankAnswerDeadline(open.presentedOn).fechaLimite,
      },
      after: {
        envio: open.id,
        presentadoEl: deadline.presentadoEl,
        respuestaAntesDe: deadline.fechaLimite,
        registradoEl: recordedAt.toISOString(),
      },
    });
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: locked.email,
        mail: filePresentedMail({
          nombre: locked.nombre,
          banco: open.bank,
          presentadoEl: deadline.presentadoEl,
          respuestaAntesDe: deadline.fechaLimite,
          plazo: months(deadline.plazoMeses),
          corrige: open.presentedOn !== null,
          statusLink: ctx.links.caseStatus(),
        }),
      },
    ]);
    return true;
  });
  if (changed) ctx.mailEnqueued();
  return viewOf(ctx, lead);
}
