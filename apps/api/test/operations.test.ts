import { Writable } from 'node:stream';
import { UPLOAD_PATH } from '@cbp/core';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { outbox } from '../src/db/schema';
import { passingLead, serverFor, text, variants } from './helpers';

class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  /** The JSON log lines of one request id. */
  of(requestId: string): Record<string, unknown>[] {
    return this.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === requestId);
  }
}

/** One sample of a scrape: `name{labels} value`, the labels given in any order. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of scrape.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = new Map<string, string>();
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) {
      if (key !== undefined && value !== undefined) found.set(key, value);
    }
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) {
      return Number(match[3]);
    }
  }
  return Number.NaN;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(variants)('Prometheus metrics on $name', (variant) => {
  const server = serverFor(
    variant,
    { metricsPort: 0 },
    {
      beforeListen: (app) => {
        app.get('/prueba/fallo', { config: { access: 'public' } }, () => {
          throw new Error('fallo provocado por la prueba');
        });
      },
    },
  );

  async function scrape(): Promise<string> {
    const url = server().metricsUrl;
    if (url === undefined) throw new Error('no metrics port');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  }

  it('are served on their own port of HOST, never on the public one', async () => {
    expect(server().metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server().metricsUrl ?? '').port).not.toBe(new URL(server().url).port);
    expect((await server().request('/metrics')).status).toBe(404);
    const other = await fetch(new URL('/api/leads', server().metricsUrl));
    expect(other.status).toBe(404);
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'nueve' })).toThrow(/METRICS_PORT/);
  });

  it('count requests, time them and count server errors by the route’s pattern, never its URL', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/health-check', status_code: '200' };
    const created = await server().request('/api/leads', { json: passingLead() });
    expect(created.status).toBe(201);
    const token = text(created.body, 'session', 'access_token');
    await server().request('/health-check');
    await server().request('/health-check');
    const file = (id: string) => server().request(`/api/documents/files/${id}/content`, { token });
    await file('00000000-0000-4000-8000-000000000001');
    await file('00000000-0000-4000-8000-000000000002');
    await server().request('/esto/no/existe/12345');
    expect((await server().request('/prueba/fallo')).status).toBe(500);
    const after = await scrape();

    const increase = (labels: Record<string, string>, name = 'http_requests_total') =>
      (sample(after, name, labels) || 0) - (sample(before, name, labels) || 0);
    expect(increase(health)).toBe(2);
    expect(increase({ method: 'POST', route: '/api/leads', status_code: '201' })).toBe(1);
    const content = { method: 'GET', route: '/api/documents/files/:fileId/content' };
    expect(increase({ ...content, status_code: '404' })).toBe(2);
    expect(increase({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(after).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(after).not.toContain('/esto/no/existe');
    const failing = { method: 'GET', route: '/prueba/fallo', status_code: '500' };
    expect(increase(failing)).toBe(1);
    expect(increase(failing, 'http_request_errors_total')).toBe(1);
    expect(increase({ ...content, status_code: '404' }, 'http_request_errors_total')).toBe(0);

    const healthTimes = { method: 'GET', route: '/health-check' };
    expect(increase(healthTimes, 'http_request_duration_seconds_count')).toBe(2);
    expect(sample(after, 'http_request_duration_seconds_sum', healthTimes)).toBeGreaterThan(0);
    expect(
      sample(after, 'http_request_duration_seconds_bucket', { ...healthTimes, le: '+Inf' }),
    ).toBe(sample(after, 'http_request_duration_seconds_count', healthTimes));
  });

  it('read the outbox’s depth and the age of its oldest pending mail at each scrape', async () => {
    await server().worker.settle();
    const empty = await scrape();
    expect(sample(empty, 'outbox_messages', { status: 'pending' })).toBe(0);
    expect(sample(empty, 'outbox_oldest_pending_age_seconds')).toBe(0);

    // The worker is not running: the lead's welcome mail waits, like one queued an hour ago.
    expect((await server().request('/api/leads', { json: passingLead() })).status).toBe(201);
    await server()
      .ctx.db.insert(outbox)
      .values({
        template: 'prueba',
        fromAddress: 'despacho@localhost',
        toAddress: 'lucia@correo.es',
        subject: 'Correo atrasado',
        createdAt: new Date(Date.now() - 3600 * 1000),
      });
    const waiting = await scrape();
    expect(sample(waiting, 'outbox_messages', { status: 'pending' })).toBeGreaterThanOrEqual(2);
    expect(sample(waiting, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
    expect(sample(waiting, 'outbox_oldest_pending_age_seconds')).toBeLessThan(3700);

    await server().worker.settle();
    const delivered = await scrape();
    expect(sample(delivered, 'outbox_messages', { status: 'pending' })).toBe(0);
    expect(sample(delivered, 'outbox_oldest_pending_age_seconds')).toBe(0);
  });

  it('count the bytes of documents received by tus, resumed uploads included', async () => {
    const created = await server().request('/api/leads', { json: passingLead() });
    const token = text(created.body, 'session', 'access_token');
    const document = await PDFDocument.create();
    document.addPage([300, 200]);
    const pdf = Buffer.from(await document.save());
    const before = sample(await scrape(), 'upload_received_bytes_total', { protocol: 'tus' }) || 0;
    const headers = { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}` };
    const base64 = (value: string) => Buffer.from(value).toString('base64');
    const creation = await fetch(`${server().url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(pdf.length),
        'Upload-Metadata': `documentId ${base64('1/dni-nie')},filename ${base64('dni.pdf')}`,
      },
    });
    expect(creation.status).toBe(201);
    const location = `${server().url}${creation.headers.get('location') ?? ''}`;
    const half = Math.floor(pdf.length / 2);
    for (const [from, to] of [
      [0, half],
      [half, pdf.length],
    ] as const) {
      const patch = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...headers,
          'Upload-Offset': String(from),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: pdf.subarray(from, to),
      });
      expect(patch.status, await patch.text()).toBeLessThan(300);
    }
    const after = sample(await scrape(), 'upload_received_bytes_total', { protocol: 'tus' });
    expect(after - before).toBe(pdf.length);
  });

  it('show the database pool’s use on PostgreSQL', async () => {
    const scraped = await scrape();
    if (variant.name === 'PostgreSQL') {
      expect(sample(scraped, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(scraped, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      // The embedded database has no pool: no sample rather than a misleading zero.
      expect(scraped).not.toMatch(/^db_pool_connections\{/m);
    }
    expect(scraped).toContain('submission_builds_started_total 0');
    expect(scraped).toMatch(/^process_resident_memory_bytes \d/m);
  });
});

describe('request ids (PGlite)', () => {
  const [pglite] = variants;
  if (pglite === undefined) throw new Error('PGlite always runs');
  const capture = new LogCapture();
  const server = serverFor(pglite, { logLevel: 'info' }, { logger: true, logStream: capture });

  it('answers each request with an id that its JSON log lines carry', async () => {
    for (const pathname of ['/health-check', '/api/no-existe']) {
      const response = await server().request(pathname);
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      const lines = capture.of(id);
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    }
    const first = await server().request('/health-check');
    const second = await server().request('/health-check');
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('keeps a sane incoming id and replaces one too short, too long or with odd characters', async () => {
    const proxied = 'lb-7f3a9c2e:00042';
    const kept = await server().request('/health-check', {
      headers: { 'x-request-id': proxied },
    });
    expect(kept.headers.get('x-request-id')).toBe(proxied);
    expect(capture.of(proxied).length).toBeGreaterThanOrEqual(2);

    for (const insane of ['corto', 'a'.repeat(129), 'id con espacios', '{"msg":"falso"}']) {
      const response = await server().request('/health-check', {
        headers: { 'x-request-id': insane },
      });
      expect(response.headers.get('x-request-id')).toMatch(UUID);
      expect(capture.lines.join('\n')).not.toContain(insane);
    }
  });
});
