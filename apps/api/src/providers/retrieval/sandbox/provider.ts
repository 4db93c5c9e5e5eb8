import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { retrievalSandboxDocuments, retrievalSandboxSessions } from '../../../db/schema';
import type {
  CreatedSession,
  CreateSessionInput,
  DownloadedDocument,
  ModelRequestOutcome,
  ProviderModelRequest,
  RetrievalProvider,
  SessionSummary,
} from '../types';
import { samplePdf, sampleDocumentName } from './pdf';

export const SANDBOX_PREFIX = '/sandbox/bankflip';

/** How the person leaves the sandbox widget. */
export type SandboxOutcome = 'success' | 'no-documents' | 'cancelled' | 'expired';

export type SandboxSession = typeof retrievalSandboxSessions.$inferSelect;

/** A session not finished within this time is expired, as the provider's are. */
export const SANDBOX_SESSION_TTL_MS = 30 * 60 * 1000;

/**
 * The product's stand-in for the provider, in the embedded default only: sessions and documents
 * in the database, sample PDFs made on request.
 */
export class SandboxRetrievalProvider implements RetrievalProvider {
  readonly kind = 'sandbox';

  constructor(
    private readonly db: Database,
    /** The address the widget is reached at, e.g. http://127.0.0.1:3000. */
    private readonly baseUrl: () => string,
  ) {}

  async createSession(input: CreateSessionInput): Promise<CreatedSession> {
    const id = randomUUID();
    await this.db.insert(retrievalSandboxSessions).values({
      id,
      requests: input.requests,
      webhookUrl: input.webhookUrl,
      metadata: input.metadata,
      status: 'created',
    });
    return { id, widgetLink: `${this.baseUrl()}${SANDBOX_PREFIX}/widget/${id}` };
  }

  async findSession(id: string): Promise<SandboxSession | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.db
      .select()
      .from(retrievalSandboxSessions)
      .where(eq(retrievalSandboxSessions.id, id));
    return row;
  }

  /** Ends an open session the way the person chose; false when it was already finished. */
  async finish(id: string, outcome: SandboxOutcome, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(retrievalSandboxSessions)
        .where(eq(retrievalSandboxSessions.id, id))
        .for('update');
      if (session?.status !== 'created') return false;
      const status =
        outcome === 'cancelled' ? 'cancelled' : outcome === 'expired' ? 'expired' : 'completed';
      await tx
        .update(retrievalSandboxSessions)
        .set({ status, finishedAt: now })
        .where(eq(retrievalSandboxSessions.id, id));
      if (outcome === 'success') {
        const requests = session.requests as ProviderModelRequest[];
        if (requests.length > 0) {
          await tx.insert(retrievalSandboxDocuments).values(
            requests.map(({ model }) => ({
              id: randomUUID(),
              sessionId: id,
              modelType: model.type,
              modelYear: model.year ?? null,
              name: sampleDocumentName(model.type, model.year ?? null),
              createdAt: now,
            })),
          );
        }
      }
      return true;
    });
  }

  async documentIds(sessionId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: retrievalSandboxDocuments.id })
      .from(retrievalSandboxDocuments)
      .where(eq(retrievalSandboxDocuments.sessionId, sessionId));
    return rows.map((row) => row.id);
  }

  async getSummary(sessionId: string): Promise<SessionSummary | undefined> {
    const session = await this.findSession(sessionId);
    if (session === undefined) return undefined;
    const documents = await this.db
      .select()
      .from(retrievalSandboxDocuments)
      .where(eq(retrievalSandboxDocuments.sessionId, sessionId));
    const finished = session.status !== 'created';
    const outcomes = (session.requests as ProviderModelRequest[]).map(
      ({ model }): ModelRequestOutcome => {
        const found = documents.filter(
          (document) =>
            document.modelType === model.type && document.modelYear === (model.year ?? null),
        );
        return {
          completed: finished,
          modelRequest: { model },
          documents: found.map((document) => ({
            id: document.id,
            sessionId,
            name: `${document.name}.pdf`,
            extension: 'pdf',
            contentType: 'application/pdf',
            createdAt: document.createdAt.toISOString(),
            model,
          })),
          noDocumentReasons:
            finished && found.length === 0
              ? [
                  {
                    reason: session.status === 'completed' ? 'document_not_found' : 'user_aborted',
                    subreason: null,
                  },
                ]
              : null,
        };
      },
    );
    return { modelRequestOutcomes: outcomes };
  }

  async downloadDocument(documentId: string): Promise<DownloadedDocument | undefined> {
    if (!isUuid(documentId)) return undefined;
    const [document] = await this.db
      .select()
      .from(retrievalSandboxDocuments)
      .where(eq(retrievalSandboxDocuments.id, documentId));
    if (document === undefined) return undefined;
    return {
      contentType: 'application/pdf',
      content: await samplePdf(document.modelType, document.modelYear, document.createdAt),
    };
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
