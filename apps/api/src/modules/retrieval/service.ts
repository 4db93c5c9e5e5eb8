import {
  retrievedDocumentName,
  retrievalDocumentModels,
  type RetrievalDocumentRequest,
  type RetrievalSessionResponse,
} from '@cbp/core';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { auditLog, documents, leads, retrievalSessions } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import {
  fromProviderModelType,
  RetrievalProviderError,
  toProviderRequest,
  type ProviderDocument,
} from '../../providers/retrieval';
import type { RetrievalWebhookEvent } from '../../providers/retrieval/webhook';
import { recordAudit } from '../audit/service';
import { inspectUpload } from '../documents/content';
import { saveCaseFile } from '../documents/files';
import { enqueueMail } from '../mail/outbox';
import { retrievedAfterSendingMail } from '../mail/case-mails';
import { assertFileEditable, assertFileEditableIn, openSubmissionOf } from '../case-access/lock';
import { BANKFLIP_WEBHOOK_PATH } from './webhook-routes';

type SessionRow = typeof retrievalSessions.$inferSelect;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

async function latestSession(ctx: AppContext, leadId: string): Promise<SessionRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(retrievalSessions)
    .where(eq(retrievalSessions.leadId, leadId))
    .orderBy(desc(retrievalSessions.createdAt))
    .limit(1);
  return row;
}

/**
 * Opens a session at the provider for the case. The models asked for are always today's
 * (the tax years whose returns exist on the server's date), whatever list the browser sent:
 * the request body keeps the spec's shape, but the law decides the years. A sent file takes no
 * new documents until the firm reopens it, so no session is opened for it either.
 */
export async function startRetrievalSession(
  ctx: AppContext,
  lead: { id: string; userId: string },
  requested: readonly RetrievalDocumentRequest[],
): Promise<SessionRow> {
  await assertFileEditable(ctx.db, lead.id);
  const today = retrievalDocumentModels(ctx.today());
  const wanted = today.filter((model) =>
    requested.some(
      (asked) => asked.model === model.model && (asked.year ?? null) === (model.year ?? null),
    ),
  );
  const models = wanted.length > 0 ? wanted : today;
  let created;
  try {
    created = await ctx.retrieval.provider.createSession({
      requests: models.map(toProviderRequest),
      webhookUrl: `${ctx.links.base()}${BANKFLIP_WEBHOOK_PATH}`,
      metadata: { leadId: lead.id },
    });
  } catch (error) {
    if (error instanceof RetrievalProviderError) throw new ApiError(502, error.message);
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(retrievalSessions)
      .values({
        leadId: lead.id,
        userId: lead.userId,
        provider: ctx.retrieval.provider.kind,
        providerSessionId: created.id,
        widgetLink: created.widgetLink,
        requests: models,
      })
      .returning();
    if (row === undefined) throw new Error('retrieval_sessions insert returned no row');
    await recordAudit(tx, {
      actorKind: 'cliente',
      actorId: lead.userId,
      action: 'retrieval.started',
      subjectType: 'lead',
      subjectId: lead.id,
      after: { providerSessionId: created.id, models },
    });
    return row;
  });
}

/** GET /api/bankflip-session/{leadId} as the spec reads it; undefined when there is no session. */
export async function retrievalSessionView(
  ctx: AppContext,
  leadId: string,
  log: Logger,
): Promise<RetrievalSessionResponse | undefined> {
  let session = await latestSession(ctx, leadId);
  if (session === undefined) return undefined;
  if (session.estado === 'iniciada') {
    // The webhook is the usual way to learn the end; asking covers a webhook that never came.
    session = (await refreshFromProvider(ctx, session, log)) ?? session;
  }
  const retrieved = await ctx.db
    .select({ model: documents.model, createdAt: documents.createdAt })
    .from(documents)
    .where(and(eq(documents.leadId, leadId), eq(documents.origin, 'obtenido')))
    .orderBy(documents.createdAt);
  const widgetLink = session.estado === 'iniciada' ? session.widgetLink : null;
  return {
    session: { estado: session.estado, widget_link: widgetLink },
    documentos: retrieved.map((row) => ({
      tipo_documento: row.model ?? 'DESCONOCIDO',
      created_at: row.createdAt.toISOString(),
    })),
    widget_link: widgetLink,
  };
}

/** Asks the provider how the session went; completes it and fetches its documents if it ended. */
async function refreshFromProvider(
  ctx: AppContext,
  session: SessionRow,
  log: Logger,
): Promise<SessionRow | undefined> {
  let summary;
  try {
    summary = await ctx.retrieval.provider.getSummary(session.providerSessionId);
  } catch (error) {
    log.warn({ err: error }, 'No se pudo consultar la sesión de obtención de documentos');
    return undefined;
  }
  if (summary === undefined || summary.modelRequestOutcomes.length === 0) return undefined;
  const completed = summary.modelRequestOutcomes.filter((outcome) => outcome.completed);
  await storeRetrievedDocuments(
    ctx,
    session,
    completed.flatMap((outcome) => outcome.documents ?? []),
    log,
  );
  if (completed.length < summary.modelRequestOutcomes.length) return undefined;
  return markCompleted(ctx, session);
}

async function markCompleted(ctx: AppContext, session: SessionRow): Promise<SessionRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(retrievalSessions)
      .set({ estado: 'completada', updatedAt: new Date() })
      .where(and(eq(retrievalSessions.id, session.id), eq(retrievalSessions.estado, 'iniciada')))
      .returning();
    if (row === undefined) return { ...session, estado: 'completada' };
    await recordAudit(tx, {
      actorKind: 'sistema',
      action: 'retrieval.completed',
      subjectType: 'lead',
      subjectId: session.leadId,
      after: { providerSessionId: session.providerSessionId },
    });
    return row;
  });
}

async function alreadyStored(ctx: AppContext, leadId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ providerDocumentId: documents.providerDocumentId })
    .from(documents)
    .where(and(eq(documents.leadId, leadId), isNotNull(documents.providerDocumentId)));
  return new Set(rows.map((row) => row.providerDocumentId ?? ''));
}

/**
 * Downloads each document not stored yet, checks it like an upload and keeps it on the case,
 * audited in the same transaction. A document the provider no longer has, or that fails the
 * checks, is logged and skipped; while the file is sent none is stored (decision 0561).
 */
async function storeRetrievedDocuments(
  ctx: AppContext,
  session: SessionRow,
  providerDocuments: readonly ProviderDocument[],
  log: Logger,
): Promise<void> {
  const stored = await alreadyStored(ctx, session.leadId);
  const pending = providerDocuments.filter((document) => !stored.has(document.id));
  if (pending.length === 0) return;
  if ((await openSubmissionOf(ctx.db, session.leadId)) !== null) {
    await keepOutOfSentFile(ctx, session, pending);
    return;
  }
  for (const [index, document] of pending.entries()) {
    if (stored.has(document.id)) continue;
    const downloaded = await ctx.retrieval.provider.downloadDocument(document.id);
    if (downloaded === undefined) {
      log.warn({ documentId: document.id }, 'El proveedor ya no tiene el documento obtenido');
      continue;
    }
    const fileName = retrievedFileName(document.name, document.extension);
    // Spooled beside the uploads' copies, where a leftover is cleaned up (decision 0592).
    const checked = await inspectUpload(Readable.from([downloaded.content]), {
      fileName,
      tempDir: ctx.uploads.copiesDir,
    });
    if (!checked.ok) {
      log.warn(
        { documentId: document.id, reason: checked.reason },
        'Documento obtenido descartado: no supera las comprobaciones',
      );
      continue;
    }
    const year = document.model.year;
    const model = modelOf(document);
    try {
      await saveCaseFile(ctx, {
        leadId: session.leadId,
        origin: 'obtenido',
        model,
        ...(year === undefined ? {} : { modelYear: year }),
        providerDocumentId: document.id,
        fileName,
        mimeType: checked.mimeType,
        body: checked.open(),
        alongside: async (tx, row) => {
          // The file may have been sent while this one downloaded.
          await assertFileEditableIn(tx, session.leadId);
          await recordAudit(tx, {
            actorKind: 'sistema',
            action: 'documents.retrieved',
            subjectType: 'document',
            subjectId: row.id,
            after: {
              lead: session.leadId,
              modelo: model,
              ejercicio: year ?? null,
              nombre: row.fileName,
              tipo: row.mimeType,
              bytes: row.size,
              sesion: session.providerSessionId,
            },
          });
        },
      });
      stored.add(document.id);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) {
        // Sent while this one downloaded: it and the rest stay out, told to the firm at once.
        await keepOutOfSentFile(
          ctx,
          session,
          pending.slice(index).filter((other) => !stored.has(other.id)),
        );
        return;
      }
      // Two deliveries of the same event at once: the other one stored it.
      if ((await alreadyStored(ctx, session.leadId)).has(document.id)) continue;
      throw error;
    } finally {
      await checked.dispose();
    }
  }
}

/**
 * The stored name of a retrieved file: the provider's name with its extension once, whether the
 * name already carries it ('Renta 2025.pdf' + 'pdf') or not; at most 255 characters, extension kept.
 */
export function retrievedFileName(name: string, extension: string): string {
  const ext = extension.trim().replace(/^\./, '').toLowerCase();
  const base = name.trim();
  const bare =
    ext !== '' && base.toLowerCase().endsWith(`.${ext}`) ? base.slice(0, -(ext.length + 1)) : base;
  const suffix = ext === '' ? '' : `.${ext}`;
  return `${(bare === '' ? 'documento' : bare).slice(0, 255 - suffix.length)}${suffix}`;
}

function modelOf(document: ProviderDocument): string {
  return fromProviderModelType(document.model.type) ?? document.model.type;
}

const KEPT_OUT_ACTION = 'retrieval.kept_out_of_sent_file';

/**
 * Leaves out of a sent file the documents a retrieval brought after the sending: each is audited
 * once, and the firm is told which, so it can reopen the file if it wants them.
 */
async function keepOutOfSentFile(
  ctx: AppContext,
  session: SessionRow,
  providerDocuments: readonly ProviderDocument[],
): Promise<void> {
  const told = await ctx.db.transaction(async (tx) => {
    // Webhooks and the client's polling may finish the same session at once: one tells.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`retrieval-kept-out:${session.leadId}`}))`,
    );
    const submission = await openSubmissionOf(tx, session.leadId);
    const [lead] = await tx.select().from(leads).where(eq(leads.id, session.leadId));
    if (submission === null || lead === undefined) return false;
    const earlier = await tx
      .select({ documento: sql<string | null>`${auditLog.after}->>'documento'` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, KEPT_OUT_ACTION),
          eq(auditLog.subjectType, 'lead'),
          eq(auditLog.subjectId, session.leadId),
        ),
      );
    const already = new Set(earlier.map((row) => row.documento));
    const fresh = providerDocuments.filter((document) => !already.has(document.id));
    if (fresh.length === 0) return false;
    for (const document of fresh) {
      await recordAudit(tx, {
        actorKind: 'sistema',
        action: KEPT_OUT_ACTION,
        subjectType: 'lead',
        subjectId: session.leadId,
        after: {
          documento: document.id,
          modelo: modelOf(document),
          ejercicio: document.model.year ?? null,
          sesion: session.providerSessionId,
          envio: submission.id,
        },
      });
    }
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: ctx.config.firmEmail,
        mail: retrievedAfterSendingMail({
          leadId: lead.id,
          nombre: lead.nombre,
          apellidos: lead.apellidos,
          enviadoEn: submission.sentAt,
          documentos: fresh.map((document) =>
            retrievedDocumentName(modelOf(document), document.model.year ?? null),
          ),
          leadLink: ctx.links.staffLead(lead.id),
        }),
      },
    ]);
    return true;
  });
  if (told) ctx.mailEnqueued();
}

/**
 * What a verified webhook does the first time it arrives: the work runs after the answer, so the
 * provider is not kept waiting on downloads; a failure is logged and GET /api/bankflip-session
 * finishes the job the next time the client looks.
 */
export function retrievalEventHandler(ctx: AppContext, log: Logger) {
  return async (event: RetrievalWebhookEvent): Promise<void> => {
    if (event.sessionId === null) return;
    const providerSessionId = event.sessionId;
    ctx.background.run('retrieval-webhook', log, async () => {
      const [session] = await ctx.db
        .select()
        .from(retrievalSessions)
        .where(eq(retrievalSessions.providerSessionId, providerSessionId))
        .limit(1);
      if (session === undefined) {
        log.warn({ providerSessionId }, 'Aviso de una sesión de obtención que no es nuestra');
        return;
      }
      if (event.name === 'MODEL_EXTRACTED' || event.name === 'SESSION_COMPLETED') {
        await refreshFromProvider(ctx, session, log);
      }
    });
    return Promise.resolve();
  };
}
