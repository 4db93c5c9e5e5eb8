/**
 * Two API instances, each a process of its own, on one PostgreSQL database and one S3 bucket,
 * with the same secrets and the same PUBLIC_URL: a small balancer in front, as production has.
 * One client's journey alternates between them request by request, one instance is killed with
 * SIGKILL in the middle of an upload, and at the end nothing is lost or done twice.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, request as httpRequest } from 'node:http';
import path from 'node:path';
import {
  submissionResponseSchema,
  type SubmissionView,
  UPLOAD_PATH,
  uploadResultSchema,
} from '@cbp/core';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../resilience/server-process';
import { signBody } from './billing-helpers';
import {
  type JsonRequestInit,
  type JsonResponse,
  type MailboxMessage,
  passingLead,
  recoveryLinkIn,
  s3Endpoint,
  send,
  STAFF_PASSWORD,
  text,
  variants,
} from './helpers';
import { completeReviewValues } from './case-file';
import { newBucket } from './s3-server';

const postgres = variants.find((variant) => variant.name === 'PostgreSQL');
const skipReason =
  postgres === undefined
    ? 'PostgreSQL no responde (TEST_DATABASE_URL)'
    : s3Endpoint === undefined
      ? 'no hay servidor S3 de pruebas (moto)'
      : undefined;
if (skipReason !== undefined) {
  console.warn(`[api] Se salta el recorrido con dos instancias: ${skipReason}.`);
}

const PASSWORD = 'una-clave-larga-de-prueba';
// Each instance loads the whole server (about 30 s for two at once on a busy 2-core machine);
// the journey took about 20 s there. Room for a full `pnpm test` running beside it.
const STARTING_MS = 180_000;
const JOURNEY_MS = 180_000;
const ADMIN_EMAIL = 'direccion.dos-instancias@despacho.es';

interface Forwarded {
  method: string;
  path: string;
  to: string;
}

/** The load balancer: every request goes to the instance chosen last, and is written down. */
async function startBalancer() {
  let target = '';
  const forwarded: Forwarded[] = [];
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const to = target;
    forwarded.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', to });
    const upstream = httpRequest(
      new URL(incoming.url ?? '/', to),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    forwarded,
    routeTo(instance: ServerProcess) {
      target = instance.url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`no llegó a cumplirse: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pdfFile(title: string, pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    document
      .addPage([595, 842])
      .drawText(`${title}, hoja ${String(index + 1)}`, { x: 72, y: 600, size: 14, font });
  }
  return Buffer.from(await document.save());
}

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

describe.skipIf(skipReason !== undefined)('two API instances, one client journey', () => {
  let cleanup: (() => Promise<void>) | undefined;
  let database: pg.Client | undefined;
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  let start: ((name: 'a' | 'b' | 'a2') => Promise<ServerProcess>) | undefined;
  const running: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    if (postgres === undefined || s3Endpoint === undefined) return;
    const provisioned = await postgres.provision();
    cleanup = provisioned.cleanup;
    const bucket = await newBucket(s3Endpoint);
    balancer = await startBalancer();
    database = new pg.Client({ connectionString: provisioned.databaseUrl });
    await database.connect();
    const shared = {
      DATABASE_URL: provisioned.databaseUrl ?? '',
      HOST: '127.0.0.1',
      PUBLIC_URL: balancer.url,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      STORAGE_KEY: randomBytes(36).toString('base64url'),
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
      BANKFLIP_WEBHOOK_SECRET: randomBytes(24).toString('base64'),
      S3_BUCKET: bucket.bucket,
      S3_REGION: bucket.region,
      S3_ENDPOINT: bucket.endpoint ?? '',
      S3_ACCESS_KEY_ID: bucket.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: bucket.credentials?.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: 'true',
      STAFF_ADMIN_EMAIL: ADMIN_EMAIL,
      WEB_DIR: path.join(provisioned.dataDir, 'sin-web'),
      // Both instances deliver mail and build bank files, as they would in production.
      BENCH_WORKER: '1',
    };
    start = async (name) => {
      // Nothing on local disk is shared: each instance has a folder of its own.
      const dataDir = path.join(provisioned.dataDir, name);
      await mkdir(dataDir, { recursive: true });
      const instance = await startServerProcess({ ...shared, DATA_DIR: dataDir });
      running.push(instance);
      return instance;
    };
    [a, b] = await Promise.all([start('a'), start('b')]);
  }, STARTING_MS);

  afterAll(async () => {
    await Promise.all(running.map((instance) => instance.stop()));
    await balancer?.close();
    await database?.end();
    await cleanup?.();
  });

  const request = (instance: ServerProcess, pathname: string, init?: JsonRequestInit) =>
    send(instance.url, pathname, init);

  async function query<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
    if (database === undefined) throw new Error('sin base de datos');
    return (await database.query(sql, values)).rows as Row[];
  }

  async function mailbox(instance: ServerProcess): Promise<MailboxMessage[]> {
    const response = await request(instance, '/dev/correo/mensajes.json');
    expect(response.status).toBe(200);
    return (response.body as { mensajes: MailboxMessage[] }).mensajes;
  }

  async function tus(
    instance: ServerProcess,
    token: string,
    pathname: string,
    init: { method: string; headers?: Record<string, string>; body?: Uint8Array },
  ): Promise<JsonResponse> {
    if (init.method === 'HEAD') {
      const response = await fetch(`${instance.url}${pathname}`, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
      });
      return { status: response.status, headers: response.headers, body: undefined, text: '' };
    }
    return request(instance, pathname, {
      method: init.method,
      token,
      headers: { 'tus-resumable': '1.0.0', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  }

  async function createUpload(
    instance: ServerProcess,
    token: string,
    slot: string,
    fileName: string,
    size: number,
  ): Promise<string> {
    const created = await tus(instance, token, UPLOAD_PATH, {
      method: 'POST',
      headers: {
        'upload-length': String(size),
        'upload-metadata': `documentId ${base64(slot)},filename ${base64(fileName)}`,
      },
    });
    expect(created.status, created.text).toBe(201);
    return created.headers.get('location') ?? '';
  }

  async function patch(
    instance: ServerProcess,
    token: string,
    location: string,
    offset: number,
    bytes: Uint8Array,
  ): Promise<JsonResponse> {
    return tus(instance, token, location, {
      method: 'PATCH',
      headers: {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
  }

  /** A whole upload in one PATCH; answers the stored file's id. */
  async function upload(
    instance: ServerProcess,
    token: string,
    slot: string,
    fileName: string,
    body: Buffer,
  ): Promise<string> {
    const location = await createUpload(instance, token, slot, fileName, body.length);
    const done = await patch(instance, token, location, 0, body);
    expect(done.status, done.text).toBe(200);
    return uploadResultSchema.parse(done.body).data.documento.archivo?.id ?? '';
  }

  /** Sends part of a PATCH to `instance` and leaves it open; resolves once the bytes are written. */
  function hangingPatch(
    instance: ServerProcess,
    token: string,
    location: string,
    offset: number,
    total: Buffer,
    sent: number,
  ): Promise<void> {
    return new Promise<void>((resolve) => {
      const open = httpRequest(new URL(`${instance.url}${location}`), {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(total.length - offset),
        },
      });
      // The instance dies under it: the connection ends with an error nobody waits for.
      open.on('error', () => undefined);
      open.write(total.subarray(offset, offset + sent), () => {
        setTimeout(resolve, 300);
      });
    });
  }

  it('does each step once, on either instance', { timeout: JOURNEY_MS }, async () => {
    if (start === undefined || balancer === undefined) throw new Error('sin instancias');

    // The simulator's lead on A; the password from the e-mailed link on B.
    const lead = passingLead();
    const created = await request(a, '/api/leads', { json: lead });
    expect(created.status, created.text).toBe(201);
    const leadId = text(created.body, 'data', 'id');
    const welcome = await until(
      'el correo con el enlace para crear la contraseña',
      async () =>
        (await mailbox(b)).find(
          (message) =>
            message.para === lead.email &&
            message.enlaces.some((url) => url.includes('#access_token=')),
        ),
      (message) => message !== undefined,
    );
    if (welcome === undefined) throw new Error('sin correo de bienvenida');
    const link = recoveryLinkIn(welcome);
    // Links in mail lead to the public address, whichever instance wrote them.
    expect(link.startsWith(`${balancer.url}/reset-password#`)).toBe(true);
    const password = await request(b, '/api/auth/update-password', {
      json: { password: PASSWORD, recovery_url: link },
    });
    expect(password.status, password.text).toBe(200);
    const signedIn = await request(a, '/api/auth/login', {
      json: { email: lead.email, password: PASSWORD },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = text(signedIn.body, 'session', 'access_token');

    // The review saved on B and finished on A; the declaration read on A and signed on B.
    const saved = await request(b, '/api/expediente/revision', {
      method: 'PUT',
      token,
      json: {
        valores: completeReviewValues(lead.email),
        paso: 4,
        pestana: 'economicos',
        revision: 1,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const finished = await request(a, '/api/expediente/revision/finalizar', {
      method: 'POST',
      token,
    });
    expect(finished.status, finished.text).toBe(200);
    const declaration = await request(a, '/api/expediente/declaracion', { token });
    const huella = (declaration.body as { data: { huella: string } }).data.huella;
    const signedDeclaration = await request(b, '/api/expediente/declaracion', {
      token,
      json: { huella, firma: { tipo: 'escrita', nombre: 'Lucía Pérez García' } },
    });
    expect(signedDeclaration.status, signedDeclaration.text).toBe(201);

    // The payslips: started on A, A killed with SIGKILL in the middle of a PATCH, resumed on B.
    const payslips = await pdfFile('Nómina', 80);
    const location = await createUpload(a, token, '1/nominas', 'nominas.pdf', payslips.length);
    const half = Math.floor(payslips.length / 2);
    const first = await patch(a, token, location, 0, payslips.subarray(0, half));
    expect(first.status, first.text).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    await hangingPatch(a, token, location, half, payslips, Math.floor(half / 2));
    await a.kill('SIGKILL');
    const head = await tus(b, token, location, { method: 'HEAD' });
    expect(head.status).toBe(200);
    // Never more than A acknowledged. The S3 store keeps a PATCH's bytes below one multipart
    // part as an object of their own and deletes it when the next PATCH starts, holding them in
    // that process until they are written again: A died holding them, so B may ask for them
    // again from 0, and the client sends them again (decision 0766).
    const offset = Number(head.headers.get('upload-offset'));
    expect([0, half]).toContain(offset);
    const resumed = await patch(b, token, location, offset, payslips.subarray(offset));
    expect(resumed.status, resumed.text).toBe(200);
    const fileIds = [uploadResultSchema.parse(resumed.body).data.documento.archivo?.id ?? ''];

    // A comes back (a new process, as a replaced container would) while B takes the other
    // documents of one holder earning a salary.
    const restarted = start('a2');
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 190, b: 170 } },
    })
      .jpeg()
      .toBuffer();
    const others: [string, string, Buffer][] = [
      ['hogar/certificado-de-empadronamiento', 'padron.jpg', photo],
      ['1/dni-nie', 'dni.pdf', await pdfFile('DNI', 1)],
      ['1/certificado-titularidades', 'registro.pdf', await pdfFile('Registro', 2)],
      ['1/certificado-renta-aeat', 'renta.pdf', await pdfFile('Renta', 1)],
      ['hipoteca/escritura-compraventa', 'compraventa.pdf', await pdfFile('Compraventa', 1)],
      ['hipoteca/escritura-hipoteca', 'hipoteca.pdf', await pdfFile('Hipoteca', 2)],
    ];
    for (const [slot, fileName, body] of others) {
      fileIds.push(await upload(b, token, slot, fileName, body));
    }
    a = await restarted;
    const download = await fetch(`${a.url}/api/documents/files/${fileIds[0] ?? ''}/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(payslips)).toBe(true);

    // The retrieval opened on A; the provider's webhook reaches B through the balancer.
    const session = await request(a, '/api/bankflip-session', {
      token,
      json: { leadId, documentos: [{ model: 'HACIENDA_RENTA', year: 2025 }] },
    });
    expect(session.status, session.text).toBe(201);
    const widget = new URL(text(session.body, 'session', 'widget_link'));
    expect(widget.origin).toBe(balancer.url);
    balancer.routeTo(b);
    const outcome = await request(a, `${widget.pathname}/exito`, { method: 'POST' });
    expect(outcome.body).toMatchObject({ webhook: 'entregado' });
    const retrieved = await until(
      'los documentos obtenidos, vistos desde A',
      () => request(a, `/api/bankflip-session/${leadId}`, { token }),
      (answer) => ((answer.body as { documentos?: unknown[] }).documentos?.length ?? 0) > 0,
    );
    const retrievedCount = (retrieved.body as { documentos: unknown[] }).documentos.length;

    // The contract signed on B, the checkout opened on A, paid, its webhooks delivered to B.
    const contract = await request(b, '/api/contrato', { token, json: signBody() });
    expect(contract.status, contract.text).toBe(201);
    const checkout = await request(
      a,
      `/api/stripe-session?prefilled_email=${encodeURIComponent(lead.email)}`,
      { token, json: { leadId, userId: null, paymentType: 'single' } },
    );
    expect(checkout.status, checkout.text).toBe(200);
    const checkoutPage = new URL(text(checkout.body, 'url'));
    expect(checkoutPage.origin).toBe(balancer.url);
    const paid = await fetch(`${a.url}${checkoutPage.pathname}/pagar`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await until(
      'el pago registrado',
      () =>
        query<{ total: number }>('select count(*)::int as total from payments where lead_id = $1', [
          leadId,
        ]),
      ([row]) => (row?.total ?? 0) > 0,
    );

    // 'Enviar expediente' on A while B answers the screen's polling.
    const sent = await request(a, '/api/expediente/envio', { method: 'POST', token });
    expect(sent.status, sent.text).toBe(202);
    const view = await until(
      'el expediente enviado, visto desde B',
      async () => {
        const answer = await request(b, '/api/expediente/envio', { token });
        expect(answer.status, answer.text).toBe(200);
        return submissionResponseSchema.parse(answer.body).data;
      },
      (data: SubmissionView) => data.estado === 'enviado',
      60_000,
    );
    expect(view.enviadoEl).not.toBeNull();
    const pdf = await fetch(`${a.url}/api/expediente/envio/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);

    // The firm's first administrator, invited once by whichever instance started first,
    // accepts on B and reviews every uploaded file there.
    const invitations = (await mailbox(a)).filter((message) => message.para === ADMIN_EMAIL);
    expect(invitations).toHaveLength(1);
    const invitation = invitations[0]?.enlaces.find((url) => url.includes('/gestion/activar#'));
    expect(invitation?.startsWith(balancer.url)).toBe(true);
    const activated = await request(b, '/api/gestion/auth/activate', {
      json: {
        token: new URLSearchParams(invitation?.slice(invitation.indexOf('#') + 1)).get('token'),
        password: STAFF_PASSWORD,
      },
    });
    expect(activated.status, activated.text).toBe(200);
    const staff = text(activated.body, 'session', 'access_token');
    for (const fileId of fileIds) {
      const approved = await request(b, `/api/gestion/documents/${fileId}/review`, {
        token: staff,
        json: { estado: 'aprobado' },
      });
      expect(approved.status, approved.text).toBe(200);
    }

    // Every mail out, none left behind in the queue.
    const queue = await until(
      'la cola de correo vacía',
      () =>
        query<{ status: string; total: number }>(
          'select status, count(*)::int as total from outbox group by status',
        ),
      (rows) => rows.every((row) => row.status === 'sent'),
    );
    const [delivered] = await query<{ total: number }>(
      'select count(*)::int as total from mailbox',
    );
    expect(delivered?.total).toBe(queue[0]?.total);

    // Nothing twice: no mail, no audit entry, no payment, document or build.
    expect(
      await query(
        `select to_address, subject, count(*)::int as total from mailbox
         group by to_address, subject, text having count(*) > 1`,
      ),
    ).toEqual([]);
    const mails = await query<{ to_address: string; subject: string }>(
      'select to_address, subject from mailbox',
    );
    expect(mails.filter((mail) => mail.to_address === lead.email).length).toBeGreaterThan(
      fileIds.length,
    );
    expect(
      await query(
        `select action, subject_id, count(*)::int as total from audit_log
         group by action, subject_id, actor_kind, before::text, after::text having count(*) > 1`,
      ),
    ).toEqual([]);
    const audit = await query<{ action: string; total: number }>(
      'select action, count(*)::int as total from audit_log group by action',
    );
    const audited = Object.fromEntries(audit.map((row) => [row.action, row.total]));
    expect(audited).toMatchObject({
      'client.password_created': 1,
      'client.login': 1,
      'review.finalized': 1,
      'declaration.signed': 1,
      'documents.uploaded': fileIds.length,
      'retrieval.started': 1,
      'retrieval.completed': 1,
      'documents.retrieved': 1,
      'contract.signed': 1,
      'payment.confirmed': 1,
      'submission.sent': 1,
      'staff.invited': 1,
      'staff.activated': 1,
      'document.approved': fileIds.length,
    });
    expect(
      await query('select kind, method, amount_cents from payments where lead_id = $1', [leadId]),
    ).toHaveLength(1);
    expect(
      await query<{ origin: string; total: number }>(
        `select origin, count(*)::int as total from documents where lead_id = $1
         group by origin order by origin`,
        [leadId],
      ),
    ).toEqual([
      { origin: 'obtenido', total: retrievedCount },
      { origin: 'subida', total: fileIds.length },
    ]);
    expect(await query('select state from submission_builds where lead_id = $1', [leadId])).toEqual(
      [{ state: 'listo' }],
    );
    expect(
      await query('select id from case_submissions where lead_id = $1', [leadId]),
    ).toHaveLength(1);
    expect(
      await query(
        'select provider, event_key from webhook_events group by provider, event_key having count(*) > 1',
      ),
    ).toEqual([]);

    // The providers' webhooks went through the balancer to B, and nowhere else.
    const webhooks = balancer.forwarded.filter((entry) => entry.path.startsWith('/api/webhooks/'));
    expect(new Set(webhooks.map((entry) => entry.path))).toEqual(
      new Set(['/api/webhooks/bankflip', '/api/webhooks/stripe']),
    );
    expect(webhooks.every((entry) => entry.to === b.url)).toBe(true);
  });
});
