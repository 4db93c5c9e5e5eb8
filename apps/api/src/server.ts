import { madridDay } from '@cbp/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, resolveJwtSecret, resolveStorageKey } from './config';
import type { AppContext } from './context';
import type { PaymentEventHandler } from './modules/payments/webhook-routes';
import { createPayments } from './providers/payments';
import { createRetrieval } from './providers/retrieval';
import { createDocumentStorage } from './providers/storage';
import { createUploadStaging } from './providers/storage/upload-staging';
import { type DatabaseHandle, openDatabase } from './db/client';
import { Links } from './links';
import { runMaintenance } from './maintenance';
import { BackgroundTasks } from './lib/background';
import { Metrics, serveMetrics } from './lib/metrics';
import { outboxDepth } from './modules/mail/outbox';
import { deriveKey } from './lib/secrets';
import { seedSeries } from './modules/series/service';
import { ensureFirstAdmin } from './modules/staff/accounts';
import { StaffTokens } from './lib/staff-tokens';
import { AccessTokens } from './lib/access-token';
import { type MailTransport, mailboxTransport, OutboxWorker } from './modules/mail/outbox';
import { smtpTransport } from './modules/mail/smtp';
import { SubmissionBuildWorker } from './modules/submission/build';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  worker: OutboxWorker;
  /** Builds the bank files accepted by 'Enviar expediente'. */
  builds: SubmissionBuildWorker;
  /** http://host:port the server listens on. */
  url: string;
  /** http://host:port/metrics when METRICS_PORT is set. */
  metricsUrl: string | undefined;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Replaces the transport chosen from the configuration (tests). */
  transport?: MailTransport;
  logger?: boolean;
  logStream?: NodeJS.WritableStream;
  /** Start the outbox worker's polling loop (default true). */
  startWorker?: boolean;
  /** Start the bank-file build worker (default true; tests of a crashed build start it later). */
  startBuildWorker?: boolean;
  /** The evaluation day of verdicts (tests move it to check the law of another date). */
  today?: () => string;
  /** What a payment webhook does the first time it arrives (tests watch the events). */
  onPaymentEvent?: PaymentEventHandler;
  /** Extra routes registered before listening (the benchmark's bare handler). */
  beforeListen?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
}

const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

export async function startServer(
  config: AppConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const jwtSecret = await resolveJwtSecret(config);
  const storageSecret = await resolveStorageKey(config);
  // Filled in once the app exists; the callbacks below only run after that.
  const late: {
    log?: FastifyInstance['log'];
    worker?: OutboxWorker;
    builds?: SubmissionBuildWorker;
  } = {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => {
      late.log?.warn({ err: error }, 'Se perdió una conexión con PostgreSQL');
    },
  });
  try {
    await database.migrate();
    await seedSeries(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const { db } = database;

  const transport =
    options.transport ??
    (config.smtpUrl === undefined ? mailboxTransport(db) : smtpTransport(config.smtpUrl));

  const links = new Links(config.publicUrl);
  const metrics = new Metrics({
    outbox: () => outboxDepth(db),
    pool: () => database.poolUse(),
  });
  const ctx: AppContext = {
    config,
    db,
    databaseKind: database.kind,
    accessTokens: new AccessTokens(jwtSecret, config.accessTokenTtlSeconds),
    staffTokens: new StaffTokens(jwtSecret, config.staff.accessTokenTtlSeconds),
    staffTotpKey: deriveKey(jwtSecret, 'staff-totp-secrets'),
    links,
    retrieval: createRetrieval(config, db, () => links.base(), jwtSecret),
    payments: createPayments(config, db, () => links.base(), jwtSecret),
    storage: createDocumentStorage(config, storageSecret),
    uploads: createUploadStaging(config),
    idempotencyKey: deriveKey(jwtSecret, 'idempotent-responses'),
    metrics,
    background: new BackgroundTasks(),
    today: options.today ?? (() => madridDay(new Date())),
    mailServerAnswers: () => transport.verify?.() ?? Promise.resolve(true),
    mailEnqueued: () => {
      late.worker?.nudge();
    },
    submissionBuildEnqueued: () => {
      late.builds?.nudge();
    },
  };

  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(ctx, {
      logger: options.logger ?? true,
      ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
      ...(options.onPaymentEvent === undefined ? {} : { onPaymentEvent: options.onPaymentEvent }),
    });
    await options.beforeListen?.(app, ctx);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await transport.close?.();
    await database.close();
    throw error;
  }
  const worker = new OutboxWorker(db, transport, config.mail, app.log);
  const builds = new SubmissionBuildWorker(ctx, config.submission, app.log);
  late.log = app.log;
  late.worker = worker;
  late.builds = builds;

  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  ctx.links.setServerAddress(config.host, port);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  if (config.metricsPort !== undefined) {
    try {
      metricsServer = await serveMetrics(metrics, config.metricsPort, config.host, (error) => {
        app.log.warn({ err: error }, 'No se pudieron leer las métricas');
      });
    } catch (error) {
      await app.close();
      await transport.close?.();
      await database.close();
      throw error;
    }
  }

  // After listening, so the invitation's link carries the address the server really has.
  await ensureFirstAdmin(ctx).catch((error: unknown) => {
    app.log.error({ err: error }, 'No se pudo invitar al primer administrador');
  });
  if (options.startWorker ?? true) worker.start();
  if (options.startBuildWorker ?? true) builds.start();
  const tidy = () =>
    runMaintenance(db, ctx.uploads, ctx.storage, ctx.databaseKind).catch((error: unknown) => {
      app.log.warn({ err: error }, 'No se pudo hacer la limpieza periódica');
    });
  // At start too: a process killed while storing leaves half-written files (decision 0592).
  await tidy();
  const maintenance = setInterval(() => {
    void tidy();
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();

  return {
    app,
    ctx,
    database,
    worker,
    builds,
    url,
    metricsUrl:
      metricsServer === undefined ? undefined : `http://${host}:${metricsServer.port}/metrics`,
    /**
     * The graceful stop (decision 0763): no new connections or claims; requests in flight and
     * builds get until SHUTDOWN_TIMEOUT_SECONDS, then connections are cut and builds handed
     * back; the mail batch being delivered is finished; the database closes last.
     */
    async close() {
      clearInterval(maintenance);
      const deadline = performance.now() + config.shutdownMs;
      const left = () => Math.max(0, deadline - performance.now());
      await Promise.all([
        (async () => {
          // Events the payment sandbox is still posting to this server arrive before it closes.
          await ctx.payments.sandbox?.idle();
          await drainRequests(app, left());
          await ctx.background.idle();
        })(),
        builds.stop(left()),
        worker.stop(),
      ]);
      await metricsServer?.close();
      await transport.close?.();
      await database.close();
    },
  };
}

/**
 * Stops listening and waits for the requests in flight (new ones on open connections get a 503
 * with Connection: close); after `graceMs` the connections still open are cut.
 */
async function drainRequests(app: FastifyInstance, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close();
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, graceMs, 'late');
  });
  const outcome = await Promise.race([closed.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    app.log.warn('Peticiones sin terminar al agotarse el tiempo de parada: se cortan');
    app.server.closeAllConnections();
    await closed;
  }
}
