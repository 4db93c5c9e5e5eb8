import { randomUUID } from 'node:crypto';
import { DECLARATION_DOCUMENT_ID, FIRM } from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import type { BuildOutcome } from '../../lib/metrics';
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { submissionBuilds } from '../../db/schema';
import { newStorageKey } from '../../providers/storage';
import { contractSignature } from '../billing/contract';
import { currentContract } from '../billing/status';
import { openCaseFile } from '../documents/service';
import { leadRow } from '../case-access/access';
import { euriborInForce } from '../series/service';
import { latestCalculationFactsOf } from '../calculations/service';
import { describeContent, PartBuilder, streamOf, type PartContent } from './annexes';
import {
  annexTitle,
  applicableCode,
  applicationLetterPdf,
  measuresFor,
  type LetterInput,
} from './letter';
import type { SubmissionBuildRow } from '../case-access/lock';
import type { StoredPart } from './parts';
import { annexesOf, BuildRefused, type BuiltFile, ClaimLost, finishBuild } from './send';
import { SUBMISSION_SERVER_MESSAGES } from './service';
import { bankName, caseFileState, fingerprint, incomplete, missingOf } from './state';

/** Why a build did not end in a send, in Spanish, for the person (decision 0580). */
export const BUILD_FAILURE_MESSAGES = {
  unexpected: `No hemos podido preparar tu expediente por un error nuestro. Vuelve a pulsar «Enviar expediente»; si vuelve a fallar, escríbenos a ${FIRM.email}.`,
  interrupted: `La preparación de tu expediente se interrumpió varias veces. Vuelve a pulsar «Enviar expediente»; si vuelve a fallar, escríbenos a ${FIRM.email}.`,
} as const;

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
