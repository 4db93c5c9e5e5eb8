import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the outbox holds now, read at scrape time. */
export interface OutboxDepth {
  pending: number;
  sending: number;
  failed: number;
  /** Seconds since the oldest pending message was queued; 0 when none is pending. */
  oldestPendingSeconds: number;
}

/** The PostgreSQL pool's counters (pg.Pool), absent on the embedded database. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** How a bank-file build that was claimed ended, for its counter. */
export type BuildOutcome = 'sent' | 'refused' | 'error' | 'abandoned' | 'claim-lost';

/** Routes no pattern matched share one label, so a scan of random URLs adds no series. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The server's Prometheus metrics (decision 0760), one registry per running server: tests start
 * several in one process, and the global registry would mix them or refuse a second metric of
 * the same name.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly requestErrors: Counter<'method' | 'route' | 'status_code'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly uploadBytes: Counter<'protocol'>;
  private readonly buildsStarted: Counter;
  private readonly buildsFinished: Counter<'outcome'>;
  private readonly buildsReleased: Counter;
  private readonly buildSeconds: Histogram<'outcome'>;

  constructor(sources: { outbox: () => Promise<OutboxDepth>; pool: () => PoolUse | undefined }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Peticiones HTTP respondidas, por método, ruta (su patrón) y código de estado.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.requestErrors = new Counter({
      name: 'http_request_errors_total',
      help: 'Peticiones HTTP respondidas con un error del servidor (5xx), por método, ruta y código.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Tiempo hasta responder una petición HTTP, por método y ruta.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.uploadBytes = new Counter({
      name: 'upload_received_bytes_total',
      help: 'Bytes de documentos recibidos y guardados en subidas (tus).',
      labelNames: ['protocol'],
      registers,
    });
    this.buildsStarted = new Counter({
      name: 'submission_builds_started_total',
      help: 'Preparaciones del expediente para el banco que esta instancia ha empezado.',
      registers,
    });
    this.buildsFinished = new Counter({
      name: 'submission_builds_finished_total',
      help: 'Preparaciones terminadas, por resultado: sent (enviado), refused (el expediente cambió o está incompleto), error, abandoned (demasiados intentos) o claim-lost (la tomó otra instancia).',
      labelNames: ['outcome'],
      registers,
    });
    this.buildsReleased = new Counter({
      name: 'submission_builds_released_total',
      help: 'Preparaciones devueltas a la cola sin terminar al parar el servidor.',
      registers,
    });
    this.buildSeconds = new Histogram({
      name: 'submission_build_duration_seconds',
      help: 'Duración de la preparación del expediente, por resultado.',
      labelNames: ['outcome'],
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
    // Both outbox gauges are collected at once in a scrape: they share one query.
    let reading: Promise<OutboxDepth> | undefined;
    const readOutbox = () =>
      (reading ??= sources.outbox().finally(() => {
        reading = undefined;
      }));
    const depth = new Gauge({
      name: 'outbox_messages',
      help: 'Correos en la cola de salida por estado: pending (por enviar), sending (en envío), failed (sin entregar tras agotar los reintentos).',
      labelNames: ['status'],
      registers,
      async collect() {
        const now = await readOutbox();
        depth.set({ status: 'pending' }, now.pending);
        depth.set({ status: 'sending' }, now.sending);
        depth.set({ status: 'failed' }, now.failed);
      },
    });
    const age = new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Segundos desde que se encoló el correo pendiente más antiguo (0 si no hay ninguno).',
      registers,
      async collect() {
        age.set((await readOutbox()).oldestPendingSeconds);
      },
    });
    const pool = new Gauge({
      name: 'db_pool_connections',
      help: 'Conexiones del pool de PostgreSQL: total abiertas, idle (libres) y waiting (peticiones esperando una conexión).',
      labelNames: ['state'],
      registers,
      collect() {
        const use = sources.pool();
        if (use === undefined) return;
        pool.set({ state: 'total' }, use.total);
        pool.set({ state: 'idle' }, use.idle);
        pool.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  /** Counts every answer by the route's pattern (`/api/uploads/:uploadId`), never its URL. */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const labels = { method: request.method, route };
      const status = { ...labels, status_code: String(reply.statusCode) };
      this.requests.inc(status);
      if (reply.statusCode >= 500) this.requestErrors.inc(status);
      this.requestSeconds.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }

  uploadReceived(bytes: number): void {
    if (bytes > 0) this.uploadBytes.inc({ protocol: 'tus' }, bytes);
  }

  buildStarted(): void {
    this.buildsStarted.inc();
  }

  buildFinished(outcome: BuildOutcome, seconds: number): void {
    this.buildsFinished.inc({ outcome });
    this.buildSeconds.observe({ outcome }, seconds);
  }

  buildReleased(): void {
    this.buildsReleased.inc();
  }
}

/**
 * GET /metrics on a port of its own (METRICS_PORT), never on the public one: the scraper reaches
 * it on the private network and the load balancer does not route to it (decision 0760).
 */
export async function serveMetrics(
  metrics: Metrics,
  port: number,
  host: string,
  onError: (error: unknown) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Solo se sirve GET /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('No se pudieron leer las métricas.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
