import { randomUUID } from 'node:crypto';
import {
  CODE_NAMES,
  DECLARATION_DOCUMENT_ID,
  FIRM,
  NO_CASE_MESSAGE,
  RULES,
  type ReviewForm,
  type SubmissionCode,
  type SubmissionView,
} from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import type { BuildOutcome } from '../../lib/metrics';
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context';
import type { Database, Transaction } from '../../db/client';
import { caseSubmissions, leads, submissionBuilds } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { newStorageKey } from '../../providers/storage';
import { recordAudit, type AuditEvent } from '../audit/service';
import type { AccessClaims } from '../auth/access-token';
import { contractSignature } from '../billing/service';
import { currentContract } from '../billing/status';
import { phaseById, recordCaseMove } from '../case/phases';
import { openCaseFile, sessionCase } from '../documents/service';
import { leadRow } from '../leads/backoffice';
import { euriborInForce } from '../series/service';
import { enqueueMail } from '../mail/outbox';
import { latestCalculationFactsOf } from '../calculations/service';
import { describeContent, PartBuilder, streamOf, type PartContent } from './annexes';
import {
  annexTitle,
  applicableCode,
  applicationLetterPdf,
  measuresFor,
  months,
  type LetterInput,
} from './letter';
import { activeBuildOf, openSubmissionOf, type StoredPart, type SubmissionBuildRow } from './lock';
import { fileSentFirmMail, fileSentMail } from './mails';
import {
  bankName,
  caseFileState,
  fingerprint,
  incomplete,
  missingOf,
  SUBMISSION_SERVER_MESSAGES,
  viewOf,
  type CaseFileState,
  type LeadRow,
} from './service';

/** Why a build did not end in a send, in Spanish, for the person (decision 0580). */
export const BUILD_FAILURE_MESSAGES = {
  unexpected: `No hemos podido preparar tu expediente por un error nuestro. Vuelve a pulsar «Enviar expediente»; si vuelve a fallar, escríbenos a ${FIRM.email}.`,
  interrupted: `La preparación de tu expediente se interrumpió varias veces. Vuelve a pulsar «Enviar expediente»; si vuelve a fallar, escríbenos a ${FIRM.email}.`,
} as const;

/** A build that must not record a send, with the reason the person reads. */
class BuildRefused extends Error {
  override name = 'BuildRefused';
}

/** Another process claimed the build (this one stalled past the heartbeat): it stops quietly. */
class ClaimLost extends Error {
  override name = 'ClaimLost';
}

/**
 * POST /api/expediente/envio (decision 0580): with everything complete, locks the file and
 * accepts the build of the bank file, which a worker does; answers at once with its state. A
 * build already accepted or running, or a file already sent, is answered as it is: one build per
 * case, and one send.
 */
export async function acceptSend(
  ctx: AppContext,
  claims: AccessClaims,
  request: { ip: string },
): Promise<{ view: SubmissionView; building: boolean }> {
  const { lead, email } = await sessionCase(ctx, claims);
  const accepted = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(leads).where(eq(leads.id, lead.id)).for('update');
    if (locked === undefined) throw new ApiError(404, NO_CASE_MESSAGE);
    if ((await openSubmissionOf(tx, lead.id)) !== null) return false;
    if ((await activeBuildOf(tx, lead.id)) !== null) return false;
    const state = await caseFileState(tx, lead.id);
    const faltan = missingOf(state);
    if (faltan.length > 0 || state.form === null) throw incomplete(faltan);
    await tx.insert(submissionBuilds).values({
      leadId: lead.id,
      userId: claims.userId,
      actorEmail: email,
      ip: request.ip,
      state: 'aceptado',
      fingerprint: fingerprint(state),
      annexesTotal: annexesOf(state).length,
    });
    return true;
  });
  if (accepted) ctx.submissionBuildEnqueued();
  const view = await viewOf(ctx, lead);
  return { view, building: view.estado === 'borrador' };
}

interface Annex {
  id: string;
  nombre: string;
  persona: string;
  fileId: string;
}

/**
 * The annexes in the letter's order: every document with a file that was not rejected, the signed
 * declaración responsable first (decision 0640).
 */
function annexesOf(state: CaseFileState): Annex[] {
  return state.documents.flatMap((document) =>
    document.fileId === null || document.estado === 'rechazado'
      ? []
      : [
          {
            id: document.id,
            nombre: document.nombre,
            persona: document.persona,
            fileId: document.fileId,
          },
        ],
  );
}

interface BuiltFile {
  code: SubmissionCode;
  bank: string;
  measures: string[];
  form: ReviewForm;
  annexes: Annex[];
  parts: StoredPart[];
}

/** The letter's sentence for each part when there are several; none for one. */
function partsList(
  first: readonly PartContent[],
  later: { numero: number; contenido: PartContent[] }[],
) {
  const total = later.length + 1;
  if (total === 1) return [];
  const of = `de ${String(total)}`;
  return [
    `Parte 1 ${of}: esta carta${first.length > 0 ? ` y ${describeContent(first)}` : ''}.`,
    ...later.map(
      (part) => `Parte ${String(part.numero)} ${of}: ${describeContent(part.contenido)}.`,
    ),
  ];
}

/**
 * Builds the bank file of an accepted build: the annexes into parts of at most the configured
 * size, one file at a time, each part stored as soon as it is complete; then the letter, which
 * lists the parts, in front of part 1 (decision 0581). Returns the stored parts.
 */
async function buildBankFile(
  ctx: AppContext,
  build: SubmissionBuildRow,
  stored: string[],
  annexDone: (done: number) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<BuiltFile> {
  const lead = await leadRow(ctx.db, build.leadId);
  const state = await caseFileState(ctx.db, lead.id);
  if (missingOf(state).length > 0 || state.form === null) {
    throw new BuildRefused(incomplete(missingOf(state)).message);
  }
  if (fingerprint(state) !== build.fingerprint) {
    throw new BuildRefused(SUBMISSION_SERVER_MESSAGES.changed);
  }
  const form = state.form;
  const contract = await currentContract(ctx.db, lead.id);
  if (contract === undefined) throw new BuildRefused(incomplete(missingOf(state)).message);
  const day = ctx.today();
  const code = applicableCode(lead.code, day);
  const calculation = await latestCalculationFactsOf(ctx.db, lead.id);
  const measures = measuresFor(code, await euriborInForce(ctx.db, day), calculation.package2012);
  const bank = bankName(form.bancoHipoteca) ?? '';
  const annexes = annexesOf(state);
  const numbered = annexes.map((annex, index) => ({ ...annex, number: index + 1 }));
  const letterInput: LetterInput = {
    caseReference: lead.id,
    day,
    bank,
    code,
    measures,
    review: form,
    circunstancias: calculation.circunstancias,
    client: lead,
    annexes: numbered,
    signature: {
      signedAt: contract.signedAt,
      contractSha256: contract.sha256,
      kept: await contractSignature(ctx, contract),
    },
    firm: FIRM,
    parts: [],
  };
  // The letter's weight with a long list of parts, so part 1 keeps room for it.
  const sample = numbered.map(
    (annex) =>
      `Parte ${String(annex.number + 1)} de ${String(numbered.length + 1)}: anexo ${String(annex.number)} (hojas 1 a 999 de 999).`,
  );
  const reserve =
    (await applicationLetterPdf({ ...letterInput, parts: sample })).bytes.length + 32 * 1024;

  const partBytes = ctx.config.submission.partBytes;
  const store = async (bytes: Uint8Array) => {
    const storageKey = newStorageKey(lead.id);
    stored.push(storageKey);
    const result = await ctx.storage.put(storageKey, streamOf(bytes));
    return { storageKey, ...result };
  };
  const builder = await PartBuilder.create({
    partBytes,
    firstPartReserve: reserve,
    sink: { store, annexDone },
    log,
  });
  const declaration = state.declaration.signed;
  for (const annex of numbered) {
    await builder.add(annex.number, {
      title: annexTitle(annex),
      open: async () => {
        // The signed declaration is the product's own PDF, stored apart from the uploads.
        if (annex.id === DECLARATION_DOCUMENT_ID && declaration?.id === annex.fileId) {
          return {
            mimeType: 'application/pdf' as const,
            content: await ctx.storage.get(declaration.storageKey),
            fileName: 'declaracion-responsable.pdf',
            size: declaration.bytes,
          };
        }
        const { row, content } = await openCaseFile(ctx, lead.id, annex.fileId);
        return { mimeType: row.mimeType, content, fileName: row.fileName, size: row.size };
      },
    });
  }
  const { first, later } = await builder.finish();
  const list = partsList(first.contenido, later);
  const letter = await applicationLetterPdf({ ...letterInput, parts: list });
  const part1 = await PDFDocument.load(letter.bytes, { updateMetadata: false });
  const letterPages = part1.getPageCount();
  const copied = await part1.copyPages(first.document, first.document.getPageIndices());
  for (const page of copied) part1.addPage(page);
  const bytes = await part1.save({ objectsPerTick: 20 });
  if (bytes.length >= partBytes) {
    throw new Error(`part 1 of ${String(bytes.length)} bytes over the ${String(partBytes)} budget`);
  }
  const firstStored = await store(bytes);
  const total = later.length + 1;
  const firstContent =
    first.contenido.length === 0 ? 'la carta' : `la carta y ${describeContent(first.contenido)}`;
  const parts: StoredPart[] = [
    {
      numero: 1,
      storageKey: firstStored.storageKey,
      sha256: firstStored.sha256,
      bytes: firstStored.size,
      paginas: letterPages + first.pages,
      contenido: total === 1 ? 'la carta y todos los anexos' : firstContent,
    },
    ...later.map((part) => ({
      numero: part.numero,
      storageKey: part.storageKey,
      sha256: part.sha256,
      bytes: part.bytes,
      paginas: part.paginas,
      contenido: describeContent(part.contenido),
    })),
  ];
  return { code, bank, measures, form, annexes, parts };
}

function annexTitleOf(annex: { nombre: string; persona: string }, index: number): string {
  return annexTitle({ ...annex, number: index + 1 });
}

/** Inside the finishing transaction: the row, the audit, the phase and the e-mails. */
async function recordSending(
  ctx: AppContext,
  tx: Transaction,
  lead: LeadRow,
  build: SubmissionBuildRow,
  built: BuiltFile,
) {
  const [first] = built.parts;
  if (first === undefined) throw new Error('a bank file without parts');
  const [row] = await tx
    .insert(caseSubmissions)
    .values({
      leadId: lead.id,
      userId: build.userId,
      bank: built.bank,
      code: built.code,
      measures: built.measures,
      review: built.form,
      documents: built.annexes,
      storageKey: first.storageKey,
      sha256: first.sha256,
      bytes: first.bytes,
      parts: built.parts,
    })
    .returning();
  if (row === undefined) throw new Error('case_submissions insert returned no row');
  const actor: Omit<AuditEvent, 'action'> = {
    actorKind: 'cliente',
    actorId: build.userId,
    actorEmail: build.actorEmail,
    ip: build.ip,
    subjectType: 'lead',
    subjectId: lead.id,
  };
  await recordAudit(tx, {
    ...actor,
    action: 'submission.sent',
    after: {
      envio: row.id,
      sha256: row.sha256,
      bytes: row.bytes,
      banco: row.bank,
      codigo: row.code,
      anexos: built.annexes.length,
      partes: built.parts.map((part) => ({
        numero: part.numero,
        sha256: part.sha256,
        bytes: part.bytes,
      })),
    },
  });
  const current = await phaseById(tx, lead.phaseId);
  const next = await phaseById(tx, RULES.caseFile.phaseAfterSending);
  if (next !== undefined && (current === undefined || current.orden < next.orden)) {
    const note = SUBMISSION_SERVER_MESSAGES.sentNote;
    await recordCaseMove(tx, { lead, phase: next, note, staffId: null, cause: 'envio' }, actor);
  }
  const who = { nombre: lead.nombre, apellidos: lead.apellidos };
  const sha256 =
    built.parts.length === 1
      ? row.sha256
      : built.parts.map((part) => `parte ${String(part.numero)}: ${part.sha256}`).join(' · ');
  await enqueueMail(tx, ctx.config.mailFrom, [
    {
      to: ctx.config.firmEmail,
      mail: fileSentFirmMail({
        ...who,
        email: lead.email,
        telefono: lead.telefono,
        leadId: lead.id,
        enviadoEn: row.sentAt,
        banco: row.bank,
        codigo: CODE_NAMES[row.code],
        anexos: built.annexes.map(annexTitleOf),
        sha256,
        leadLink: ctx.links.staffLead(lead.id),
      }),
    },
    {
      to: lead.email,
      mail: fileSentMail({
        nombre: lead.nombre,
        enviadoEn: row.sentAt,
        banco: row.bank,
        codigo: CODE_NAMES[row.code],
        anexos: built.annexes.length,
        plazo: months(RULES.bank.answerMonths),
        statusLink: ctx.links.caseStatus(),
      }),
    },
  ]);
  return row;
}

/**
 * Records the send of a built file, in one transaction with the lead row locked: only by the
 * worker that still holds the claim, only if the file is still as it was accepted (then the row
 * with its parts, the audit with each part's SHA-256, the phase, the e-mails, and the build
 * marked ready). Nothing of this happens before the file is really built.
 */
async function finishBuild(
  ctx: AppContext,
  build: SubmissionBuildRow,
  claimToken: string,
  built: BuiltFile,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(leads).where(eq(leads.id, build.leadId)).for('update');
    if (locked === undefined) throw new BuildRefused(NO_CASE_MESSAGE);
    const [mine] = await tx
      .select()
      .from(submissionBuilds)
      .where(
        and(
          eq(submissionBuilds.id, build.id),
          eq(submissionBuilds.claimToken, claimToken),
          eq(submissionBuilds.state, 'en-preparacion'),
        ),
      )
      .for('update');
    if (mine === undefined) throw new ClaimLost();
    if ((await openSubmissionOf(tx, locked.id)) !== null) {
      throw new BuildRefused(SUBMISSION_SERVER_MESSAGES.changed);
    }
    const now = await caseFileState(tx, locked.id);
    const stillMissing = missingOf(now);
    if (stillMissing.length > 0) throw new BuildRefused(incomplete(stillMissing).message);
    if (fingerprint(now) !== build.fingerprint) {
      throw new BuildRefused(SUBMISSION_SERVER_MESSAGES.changed);
    }
    const row = await recordSending(ctx, tx, locked, build, built);
    await tx
      .update(submissionBuilds)
      .set({
        state: 'listo',
        submissionId: row.id,
        annexesDone: build.annexesTotal,
        finishedAt: new Date(),
        heartbeatAt: null,
      })
      .where(eq(submissionBuilds.id, build.id));
  });
  ctx.mailEnqueued();
}

async function failBuild(db: Database, id: string, claimToken: string, reason: string) {
  await db
    .update(submissionBuilds)
    .set({ state: 'fallido', reason, finishedAt: new Date(), heartbeatAt: null })
    .where(and(eq(submissionBuilds.id, id), eq(submissionBuilds.claimToken, claimToken)));
}

export interface BuildWorkerOptions {
  buildsAtOnce: number;
  pollIntervalMs: number;
  staleAfterMs: number;
  maxAttempts: number;
}

/**
 * Runs the accepted builds of bank files (decision 0580): claims them from the database with a
 * row lock that skips rows another process holds, at most `buildsAtOnce` at a time in this
 * process, renews each claim's heartbeat while building, and takes over a build whose heartbeat
 * stopped (a process that died) until it has been tried `maxAttempts` times.
 */
export class SubmissionBuildWorker {
  private readonly running = new Map<string, { claimToken: string; run: Promise<void> }>();
  /** Claims (tokens) handed back at stop: their run ends quietly at its next heartbeat. */
  private readonly released = new Set<string>();
  private claiming: Promise<void> | undefined;
  private again = false;
  private started = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: BuildWorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.started = true;
    this.timer = setInterval(() => {
      this.nudge();
    }, this.options.pollIntervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Looks for builds to claim now (after a POST accepted one). */
  nudge(): void {
    if (!this.started) return;
    if (this.claiming !== undefined) {
      this.again = true;
      return;
    }
    this.claiming = this.claimWhileRoom()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'No se pudo reclamar la preparación de un expediente');
      })
      .finally(() => {
        this.claiming = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  private async claimWhileRoom(): Promise<void> {
    while (this.started && this.running.size < this.options.buildsAtOnce) {
      const claimed = await this.claimOne();
      if (claimed === null) return;
      const { build, claimToken } = claimed;
      const run = this.run(build, claimToken).finally(() => {
        this.running.delete(build.id);
        this.nudge();
      });
      this.running.set(build.id, { claimToken, run });
    }
  }

  /** One accepted build, or one whose heartbeat stopped, claimed for this process. */
  async claimOne(): Promise<{ build: SubmissionBuildRow; claimToken: string } | null> {
    const stale = sql`now() - ${this.options.staleAfterMs} * interval '1 millisecond'`;
    const due = this.ctx.db
      .select({ id: submissionBuilds.id })
      .from(submissionBuilds)
      .where(
        or(
          eq(submissionBuilds.state, 'aceptado'),
          and(
            eq(submissionBuilds.state, 'en-preparacion'),
            lt(submissionBuilds.heartbeatAt, stale),
          ),
        ),
      )
      .orderBy(asc(submissionBuilds.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const claimToken = randomUUID();
    const [build] = await this.ctx.db
      .update(submissionBuilds)
      .set({
        state: 'en-preparacion',
        claimToken,
        heartbeatAt: sql`now()`,
        annexesDone: 0,
        attempts: sql`${submissionBuilds.attempts} + 1`,
      })
      .where(sql`${submissionBuilds.id} in (${due})`)
      .returning();
    if (build === undefined) return null;
    return { build, claimToken };
  }

  private async run(build: SubmissionBuildRow, claimToken: string): Promise<void> {
    const log = this.log.child({ envio: build.id, lead: build.leadId });
    const { metrics } = this.ctx;
    const startedAt = performance.now();
    const ended = (outcome: BuildOutcome) => {
      metrics.buildFinished(outcome, (performance.now() - startedAt) / 1000);
    };
    metrics.buildStarted();
    if (build.attempts > this.options.maxAttempts) {
      log.error('Preparación de expediente abandonada tras varios intentos interrumpidos');
      await failBuild(this.ctx.db, build.id, claimToken, BUILD_FAILURE_MESSAGES.interrupted);
      ended('abandoned');
      return;
    }
    const stored: string[] = [];
    const beat = async (done?: number) => {
      if (this.released.has(claimToken)) throw new ClaimLost();
      const [held] = await this.ctx.db
        .update(submissionBuilds)
        .set({ heartbeatAt: sql`now()`, ...(done === undefined ? {} : { annexesDone: done }) })
        .where(
          and(
            eq(submissionBuilds.id, build.id),
            eq(submissionBuilds.claimToken, claimToken),
            eq(submissionBuilds.state, 'en-preparacion'),
          ),
        )
        .returning({ id: submissionBuilds.id });
      if (held === undefined) throw new ClaimLost();
    };
    const heartbeat = setInterval(
      () => {
        beat().catch(() => undefined);
      },
      Math.max(250, Math.floor(this.options.staleAfterMs / 4)),
    );
    heartbeat.unref();
    try {
      const built = await buildBankFile(this.ctx, build, stored, (done) => beat(done), log);
      clearInterval(heartbeat);
      if (this.released.has(claimToken)) throw new ClaimLost();
      await finishBuild(this.ctx, build, claimToken, built);
      ended('sent');
      log.info({ partes: built.parts.length }, 'Expediente preparado y enviado');
    } catch (error) {
      clearInterval(heartbeat);
      await Promise.all(stored.map((key) => this.ctx.storage.delete(key).catch(() => undefined)));
      if (this.released.has(claimToken)) return;
      if (error instanceof ClaimLost) {
        ended('claim-lost');
        log.warn('Otra instancia tomó la preparación de este expediente');
        return;
      }
      ended(error instanceof BuildRefused ? 'refused' : 'error');
      const reason =
        error instanceof BuildRefused ? error.message : BUILD_FAILURE_MESSAGES.unexpected;
      if (!(error instanceof BuildRefused)) {
        log.error({ err: error }, 'No se pudo preparar el expediente');
      }
      await failBuild(this.ctx.db, build.id, claimToken, reason).catch((failure: unknown) => {
        log.error({ err: failure }, 'No se pudo anotar el fallo de la preparación');
      });
    }
  }

  /** Resolves once nothing is being claimed or built (tests, graceful shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.claiming !== undefined) {
        await this.claiming;
        continue;
      }
      if (this.running.size > 0) {
        await Promise.all([...this.running.values()].map(({ run }) => run));
        continue;
      }
      return;
    }
  }

  /**
   * Claims nothing more and waits for the builds running here; those still running after
   * `graceMs` are handed back (decision 0763): accepted again, without counting the attempt,
   * so another instance or the next start builds them at once instead of after `staleAfterMs`.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.started = false;
    if (this.timer !== undefined) clearInterval(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      if (Number.isFinite(graceMs)) timer = setTimeout(resolve, graceMs, 'late');
    });
    const outcome = await Promise.race([this.idle(), late]);
    clearTimeout(timer);
    if (outcome !== 'late') return;
    for (const [id, { claimToken }] of this.running) {
      this.released.add(claimToken);
      const [handed] = await this.ctx.db
        .update(submissionBuilds)
        .set({
          state: 'aceptado',
          claimToken: null,
          heartbeatAt: null,
          annexesDone: 0,
          attempts: sql`greatest(${submissionBuilds.attempts} - 1, 0)`,
        })
        .where(
          and(
            eq(submissionBuilds.id, id),
            eq(submissionBuilds.claimToken, claimToken),
            eq(submissionBuilds.state, 'en-preparacion'),
          ),
        )
        .returning({ id: submissionBuilds.id });
      if (handed !== undefined) {
        this.ctx.metrics.buildReleased();
        this.log.warn({ envio: id }, 'Preparación de expediente devuelta a la cola al parar');
      }
    }
  }
}
