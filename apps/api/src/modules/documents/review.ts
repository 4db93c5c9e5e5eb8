import {
  checklistDocumentName,
  DOCUMENT_MESSAGES,
  DOCUMENT_REVIEW_MESSAGES,
  type DocumentReviewRequest,
  type DocumentReviewResponse,
  type DocumentsOverview,
  retrievedDocumentName,
} from '@cbp/core';
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { documents } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { isUuid } from '../../lib/sql-filters';
import { recordAudit, type AuditEvent } from '../audit/service';
import { openAudited } from '../audit/opened-file';
import { caseClientContact } from '../leads/backoffice';
import { enqueueMail } from '../mail/outbox';
import { documentApprovedMail, documentRejectedMail } from '../mail/case-mails';
import { toStoredFile, type DocumentRow } from './files';
import { documentsOverview } from './overview';

type StaffAudit = Omit<AuditEvent, 'action'>;

/**
 * Any lead's documents, for the firm, including files of people the household no longer counts;
 * an unknown id answers 404 like the lead detail.
 */
export async function leadDocumentsOverview(
  ctx: AppContext,
  leadId: string,
): Promise<DocumentsOverview> {
  if (!isUuid(leadId)) throw new ApiError(404, messages.leadNotFound);
  const overview = await documentsOverview(ctx.db, leadId);
  if (overview === undefined) throw new ApiError(404, messages.leadNotFound);
  return overview;
}

async function caseFile(executor: Executor, fileId: string, lock = false): Promise<DocumentRow> {
  if (!isUuid(fileId)) throw new ApiError(404, DOCUMENT_MESSAGES.notFound);
  const query = executor.select().from(documents).where(eq(documents.id, fileId));
  const [row] = lock ? await query.for('update') : await query;
  if (row === undefined) throw new ApiError(404, DOCUMENT_MESSAGES.notFound);
  return row;
}

/** The name the client knows a file by: its checklist entry, or the retrieved model and year. */
export function caseFileName(row: DocumentRow): string {
  if (row.slot !== null) return checklistDocumentName(row.slot) ?? 'Documento';
  return retrievedDocumentName(row.model ?? '', row.modelYear);
}

/** What the audit log keeps of the file an action was about (no file name: it can be personal). */
function auditSubject(row: DocumentRow) {
  return {
    subjectType: 'document',
    subjectId: row.id,
    lead: row.leadId,
    documento: row.slot ?? retrievedDocumentName(row.model ?? '', row.modelYear),
  };
}

export interface OpenedCaseFile {
  row: DocumentRow;
  body: Readable;
}

/**
 * A stored file for a member of the firm to read, superseded ones included (a review or the
 * audit log may point at them). Each opening is written to the audit log before any byte leaves.
 * Rejects with StorageNotFoundError when the row's object is missing.
 */
export async function openCaseFileForStaff(
  ctx: AppContext,
  fileId: string,
  audit: StaffAudit,
): Promise<OpenedCaseFile> {
  const row = await caseFile(ctx.db, fileId);
  if (row.contentDeletedAt !== null) throw new ApiError(404, DOCUMENT_MESSAGES.replacedAndDeleted);
  const { subjectType, subjectId, lead, documento } = auditSubject(row);
  const body = await openAudited(ctx, row.storageKey, {
    ...audit,
    action: 'document.viewed',
    subjectType,
    subjectId,
    after: { lead, documento },
  });
  return { row, body };
}

/**
 * Approves or rejects the current file of an entry. A rejection keeps the file and its entry
 * (nothing is reset). Either way the client is e-mailed (a rejection with the reason and a link
 * to replace the file), in the same transaction as the change and its audit entry. The decision
 * the file already has is refused (409, in Spanish) and changes nothing, sends nothing, however
 * often it is repeated: a double submission never mails the client twice.
 */
export async function reviewCaseFile(
  ctx: AppContext,
  input: { fileId: string; staffId: string; decision: DocumentReviewRequest },
  audit: StaffAudit,
): Promise<DocumentReviewResponse> {
  const { estado } = input.decision;
  const motivo = estado === 'rechazado' ? (input.decision.motivo ?? '') : null;
  const { reviewed, mailed } = await ctx.db.transaction(async (tx) => {
    const row = await caseFile(tx, input.fileId, true);
    if (row.supersededAt !== null) throw new ApiError(409, DOCUMENT_MESSAGES.alreadyReviewed);
    if (row.estado === estado) {
      throw new ApiError(
        409,
        estado === 'aprobado'
          ? DOCUMENT_REVIEW_MESSAGES.alreadyApproved
          : DOCUMENT_REVIEW_MESSAGES.alreadyRejected,
      );
    }
    const [updated] = await tx
      .update(documents)
      .set({
        estado,
        rejectReason: motivo,
        reviewedBy: input.staffId,
        reviewedAt: new Date(),
      })
      .where(eq(documents.id, row.id))
      .returning();
    if (updated === undefined) throw new ApiError(404, DOCUMENT_MESSAGES.notFound);
    const { subjectType, subjectId, lead, documento } = auditSubject(row);
    await recordAudit(tx, {
      ...audit,
      action: estado === 'aprobado' ? 'document.approved' : 'document.rejected',
      subjectType,
      subjectId,
      before: { estado: row.estado, motivo: row.rejectReason },
      after: { estado, motivo, lead, documento },
    });
    const client = await caseClientContact(tx, row.leadId);
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: client.email,
        mail:
          motivo === null
            ? documentApprovedMail({
                nombre: client.nombre,
                documento: caseFileName(row),
                statusLink: ctx.links.caseStatus(),
              })
            : documentRejectedMail({
                nombre: client.nombre,
                documento: caseFileName(row),
                motivo,
                documentsLink: ctx.links.documents(),
              }),
      },
    ]);
    return { reviewed: updated, mailed: true };
  });
  if (mailed) ctx.mailEnqueued();
  return {
    message:
      reviewed.estado === 'rechazado'
        ? DOCUMENT_REVIEW_MESSAGES.rejected
        : DOCUMENT_REVIEW_MESSAGES.approved,
    data: {
      documentoId: reviewed.slot,
      archivo: toStoredFile(reviewed),
      estado: reviewed.estado,
      motivoRechazo: reviewed.estado === 'rechazado' ? reviewed.rejectReason : null,
      revisadoEn: reviewed.reviewedAt?.toISOString() ?? null,
    },
  };
}
