import {
  DOCUMENT_MESSAGES,
  fileTooLargeMessage,
  REVIEW_SERVER_MESSAGES,
  RULES,
  UPLOAD_PATH,
  uploadMetadataSchema,
  type UploadMetadata,
} from '@cbp/core';
import { Server } from '@tus/server';
import { type DataStore, Metadata, type Upload } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { NodeRequest } from 'srvx/node';
import type { AppContext } from '../../../context';
import { ApiError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/access-token';
import { sessionOf } from '../../auth/guards';
import { fileLocked } from '../../case-access/lock';
import { caseUsage, fitsInQuota, quotaReached } from '../files';
import { sessionCase } from '../../case-access/access';
import { isChecklistEntry, recordUpload, type UploadOutcome } from '../service';
import { rememberAnswer, rememberedAnswer, type UploadOwner } from './answers';
import { UploadLocks } from './locks';
import { UPLOAD_ID_PATTERN, type UploadStaging } from '../../../providers/storage/upload-staging';
import { TUS_MESSAGES, relay } from './relay';

/** An answer a hook gives instead of going on: tus sends `status_code` with `body` (our JSON). */
class TusAnswer extends Error {
  readonly body: string;
  constructor(
    readonly status_code: number,
    message: string,
  ) {
    super(message);
    this.body = JSON.stringify({ message });
  }
}

/** What the guard and the checks before tus learnt about one request, for tus's hooks. */
interface RequestState {
  request: FastifyRequest;
  claims: AccessClaims;
  leadId: string;
  email: string;
  /** The last segment of the upload's URL (HEAD, PATCH, DELETE). */
  uploadId: string | undefined;
  /** The checked Upload-Metadata of a creation. */
  created: UploadMetadata | undefined;
  /** The person's file name, once known, for the size message. */
  fileName: string | undefined;
}

/**
 * How many uploads one process checks and stores at once: image re-encoding holds the image in
 * this process's memory, so the bound is per process.
 */
const FINISHING_AT_ONCE = 2;

class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

function metadataOf(upload: Upload): Record<string, string | null> {
  return upload.metadata ?? {};
}

/**
 * The staging store, counting the bytes each PATCH wrote (a PATCH cut short included: tus keeps
 * what arrived), for the upload_received_bytes_total metric.
 */
function countingWrites(store: DataStore, received: (bytes: number) => void): DataStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'write') {
        const write: DataStore['write'] = async (stream, id, offset) => {
          const end = await target.write(stream, id, offset);
          received(end - offset);
          return end;
        };
        return write;
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      return method.bind(target);
    },
  });
}

/**
 * The tus server at UPLOAD_PATH (decision 0471). The routes (./routes) run the session guard
 * and the rate limit, then hand the request to {@link TusUploads.handle}; tus streams the body
 * into the staging store, and the hooks here tie each upload to its owner, check it when it
 * completes and store it on the case.
 */
export class TusUploads {
  private readonly states = new WeakMap<Request, RequestState>();
  /** Shared by every instance on one PostgreSQL (decision 0755). */
  private readonly locks: UploadLocks;
  private readonly limiter = new Limiter(FINISHING_AT_ONCE);
  private readonly server: Server;

  constructor(
    private readonly ctx: AppContext,
    private readonly staging: UploadStaging,
  ) {
    this.locks = new UploadLocks({
      databaseUrl: ctx.databaseKind === 'postgres' ? ctx.config.databaseUrl : undefined,
    });
    this.server = new Server({
      path: UPLOAD_PATH,
      datastore: countingWrites(staging.datastore, (bytes) => {
        ctx.metrics.uploadReceived(bytes);
      }),
      locker: this.locks.tus,
      maxSize: RULES.documents.maxFileBytes,
      // CORS is the app's (@fastify/cors): tus names no origin of its own.
      allowedOrigins: [],
      disableTerminationForFinishedUploads: true,
      namingFunction: () => `${staging.idPrefix}${randomBytes(16).toString('hex')}`,
      generateUrl: (_req, { path, id }) => `${path}/${id.slice(staging.idPrefix.length)}`,
      getFileIdFromRequest: (req) => {
        const uploadId = this.states.get(req)?.uploadId;
        return uploadId !== undefined && UPLOAD_ID_PATTERN.test(uploadId)
          ? `${staging.idPrefix}${uploadId}`
          : undefined;
      },
      onIncomingRequest: (req, id) => this.checkOwner(req, id),
      onUploadCreate: (req) => this.ownerMetadata(req),
      onUploadFinish: (req, upload) => this.finish(req, upload),
      onResponseError: (req, error) => {
        if (!(error instanceof TusAnswer) && !('status_code' in error)) {
          this.states.get(req)?.request.log.error({ err: error }, 'Error en una subida');
        }
        return undefined;
      },
    });
  }

  /** Ends the connection that holds this instance's locks. */
  close(): Promise<void> {
    return this.locks.close();
  }

  /** Serves one tus request of a signed-in client; `uploadId` is the URL's last segment. */
  async handle(request: FastifyRequest, reply: FastifyReply, uploadId?: string): Promise<void> {
    const claims = sessionOf(request);
    const { lead, email } = await sessionCase(this.ctx, claims);
    const state: RequestState = {
      request,
      claims,
      leadId: lead.id,
      email,
      uploadId,
      created: undefined,
      fileName: undefined,
    };
    if (request.method === 'POST') {
      const refusal = await this.checkCreation(request, state);
      if (refusal !== undefined) {
        await reply.code(refusal.status_code).send({ message: refusal.message });
        return;
      }
    }
    const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
    this.states.set(webRequest, state);
    const response = await this.server.handleWeb(webRequest);
    // A repeated last PATCH of a finished upload, whose staged copy is gone: the same answer.
    const known =
      request.method === 'PATCH' && response.status === 404
        ? await this.knownAnswer(state)
        : undefined;
    if (known !== undefined) {
      void reply.header('tus-resumable', '1.0.0').header('cache-control', 'no-store');
      if (known.ok) {
        await reply.type('application/json; charset=utf-8').send(JSON.stringify(known.result));
        return;
      }
      await reply.code(known.status).send({ message: known.message });
      return;
    }
    await relay(reply, response, state.fileName ?? state.created?.filename);
  }

  /**
   * Everything about a new upload that can be refused before a byte is stored: the checklist
   * entry and file name (uploadMetadataSchema), and the declared length against the limit.
   */
  private async checkCreation(
    request: FastifyRequest,
    state: RequestState,
  ): Promise<TusAnswer | undefined> {
    // A sent file takes no new documents until the firm reopens it.
    if (await fileLocked(this.ctx.db, state.leadId)) {
      return new TusAnswer(409, REVIEW_SERVER_MESSAGES.locked);
    }
    const header = request.headers['upload-metadata'];
    let raw: Record<string, string | null | undefined>;
    try {
      raw = typeof header === 'string' ? Metadata.parse(header) : {};
    } catch {
      return new TusAnswer(400, TUS_MESSAGES.invalidMetadata);
    }
    const parsed = uploadMetadataSchema.safeParse({
      documentId: raw.documentId ?? undefined,
      filename: raw.filename ?? undefined,
    });
    if (!parsed.success) {
      return new TusAnswer(400, parsed.error.issues[0]?.message ?? TUS_MESSAGES.invalidMetadata);
    }
    if (await fileLocked(this.ctx.db, state.leadId)) {
      return new TusAnswer(409, REVIEW_SERVER_MESSAGES.locked);
    }
    if (!(await isChecklistEntry(this.ctx, state.leadId, parsed.data.documentId))) {
      return new TusAnswer(400, DOCUMENT_MESSAGES.unknownDocument);
    }
    const length = request.headers['upload-length'];
    if (typeof length !== 'string' || !/^\d{1,16}$/.test(length.trim())) {
      return new TusAnswer(400, TUS_MESSAGES.missingLength);
    }
    if (Number(length) > RULES.documents.maxFileBytes) {
      return new TusAnswer(413, fileTooLargeMessage(parsed.data.filename));
    }
    const usage = await caseUsage(this.ctx.db, state.leadId, parsed.data.documentId);
    if (!fitsInQuota(usage, Number(length), this.ctx.config.documentQuota)) {
      return new TusAnswer(413, quotaReached(this.ctx).message);
    }
    state.created = parsed.data;
    return undefined;
  }

  /** The answer a finished upload of this session's case got, if it is still kept. */
  private async knownAnswer(state: RequestState): Promise<UploadOutcome | undefined> {
    if (state.uploadId === undefined || !UPLOAD_ID_PATTERN.test(state.uploadId)) return undefined;
    return rememberedAnswer(this.ctx, `${this.staging.idPrefix}${state.uploadId}`, ownerOf(state));
  }

  /** Only what the server checked is kept, with whose upload it is: never the client's other keys. */
  private ownerMetadata(req: Request): Promise<{ metadata: Record<string, string> }> {
    const state = this.states.get(req);
    if (state?.created === undefined) throw new TusAnswer(400, TUS_MESSAGES.invalidMetadata);
    return Promise.resolve({
      metadata: {
        documentId: state.created.documentId,
        filename: state.created.filename,
        owner: state.claims.userId,
        lead: state.leadId,
      },
    });
  }

  /** Someone else's upload, or one of another case, answers 404 like an unknown one. */
  private async checkOwner(req: Request, id: string): Promise<void> {
    if (req.method === 'POST') return;
    const state = this.states.get(req);
    if (state === undefined) throw new TusAnswer(404, TUS_MESSAGES.notFound);
    let upload: Upload;
    try {
      upload = await this.staging.datastore.getUpload(id);
    } catch {
      throw new TusAnswer(404, TUS_MESSAGES.notFound);
    }
    const metadata = metadataOf(upload);
    if (metadata.owner !== state.claims.userId || metadata.lead !== state.leadId) {
      throw new TusAnswer(404, TUS_MESSAGES.notFound);
    }
    state.fileName = metadata.filename ?? undefined;
  }

  private async finish(
    req: Request,
    upload: Upload,
  ): Promise<{ status_code: number; headers: Record<string, string>; body: string }> {
    const state = this.states.get(req);
    if (state === undefined) throw new TusAnswer(404, TUS_MESSAGES.notFound);
    let outcome: UploadOutcome;
    try {
      outcome = await this.finishOnce(state, upload);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode < 500) {
        throw new TusAnswer(error.statusCode, error.message);
      }
      throw error;
    }
    if (!outcome.ok) throw new TusAnswer(outcome.status, outcome.message);
    return {
      status_code: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(outcome.result),
    };
  }

  /**
   * Finishing runs once per upload, on whichever instance, even when the last PATCH is repeated
   * meanwhile: the others wait for it and give the answer it kept.
   */
  private async finishOnce(state: RequestState, upload: Upload): Promise<UploadOutcome> {
    const lock = this.locks.finishing(upload.id);
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      const known = await rememberedAnswer(this.ctx, upload.id, ownerOf(state));
      if (known !== undefined) return known;
      return await this.limiter.run(() => this.checkAndStore(state, upload));
    } finally {
      await lock.unlock();
    }
  }

  /** The complete upload, checked by content, stored on the case; the staged copy then goes. */
  private async checkAndStore(state: RequestState, upload: Upload): Promise<UploadOutcome> {
    const metadata = metadataOf(upload);
    const copy = await this.staging.localCopy(upload.id);
    let outcome: UploadOutcome;
    try {
      outcome = await recordUpload(this.ctx, {
        claims: state.claims,
        leadId: state.leadId,
        email: state.email,
        documentId: metadata.documentId ?? '',
        fileName: metadata.filename ?? 'documento',
        file: copy.path,
        ip: state.request.ip,
        remember: (executor, answer) =>
          rememberAnswer(this.ctx, executor, upload.id, ownerOf(state), answer),
      });
    } finally {
      await copy.release();
    }
    await this.staging.remove(upload.id).catch((error: unknown) => {
      state.request.log.warn({ err: error }, 'No se pudo borrar una subida ya guardada');
    });
    return outcome;
  }
}

const ownerOf = (state: RequestState): UploadOwner => ({
  userId: state.claims.userId,
  leadId: state.leadId,
});
