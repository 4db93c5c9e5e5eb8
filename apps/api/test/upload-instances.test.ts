import { UPLOAD_PATH, uploadResultSchema } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../src/db/schema';
import {
  LOCKS_APPLICATION_NAME,
  UPLOAD_LOCK_CLASS,
  UploadLocks,
} from '../src/modules/documents/upload/locks';
import { TUS_MESSAGES } from '../src/modules/documents/upload/relay';
import {
  passingLead,
  s3Endpoint,
  startTestServer,
  type TestServer,
  text,
  variants,
} from './helpers';
import { newBucket } from './s3-server';

const postgres = variants.find((variant) => variant.name === 'PostgreSQL');

async function makePdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    document.addPage([300, 200]).drawText(`Nómina, página ${String(index + 1)}`, { font });
  }
  return Buffer.from(await document.save());
}

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

// PGlite is one process by nature: sharing uploads between instances needs PostgreSQL and S3.
describe.skipIf(postgres === undefined || s3Endpoint === undefined)(
  'one upload served by two instances on one PostgreSQL and one S3 bucket',
  () => {
    let a: TestServer;
    let b: TestServer;
    let databaseUrl = '';
    const cleanups: (() => Promise<void>)[] = [];
    const started: TestServer[] = [];

    beforeAll(async () => {
      if (postgres === undefined || s3Endpoint === undefined) return;
      const provisioned = await postgres.provision();
      cleanups.push(provisioned.cleanup);
      databaseUrl = provisioned.databaseUrl ?? '';
      const otherDir = await mkdtemp(path.join(tmpdir(), 'cbp-api-test-'));
      cleanups.push(() => rm(otherDir, { recursive: true, force: true }));
      // The same secrets and the same bucket; each instance has its own disk.
      const shared = {
        jwtSecret: randomBytes(32).toString('base64url'),
        storage: { key: randomBytes(32).toString('base64url'), s3: await newBucket(s3Endpoint) },
      };
      a = await startTestServer(provisioned, shared);
      started.push(a);
      b = await startTestServer({ databaseUrl, dataDir: otherDir }, shared);
      started.push(b);
    });

    afterAll(async () => {
      for (const server of started) await server.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    async function newClient(on: TestServer) {
      const created = await on.request('/api/leads', { json: passingLead() });
      expect(created.status).toBe(201);
      return {
        leadId: text(created.body, 'data', 'id'),
        token: text(created.body, 'session', 'access_token'),
      };
    }

    function tus(
      on: TestServer,
      token: string,
      pathname: string,
      init: { method: string; headers?: Record<string, string>; body?: Uint8Array },
    ) {
      return on.request(pathname, {
        method: init.method,
        token,
        headers: { 'Tus-Resumable': '1.0.0', ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
      });
    }

    async function createUpload(on: TestServer, token: string, size: number, filename: string) {
      const created = await tus(on, token, UPLOAD_PATH, {
        method: 'POST',
        headers: {
          'Upload-Length': String(size),
          'Upload-Metadata': `documentId ${base64('1/certificado-renta-aeat')},filename ${base64(filename)}`,
        },
      });
      expect(created.status, created.text).toBe(201);
      return created.headers.get('location') ?? '';
    }

    const patch = (on: TestServer, token: string, location: string, offset: number, body: Buffer) =>
      tus(on, token, location, {
        method: 'PATCH',
        headers: {
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body,
      });

    async function offsetOf(on: TestServer, token: string, location: string): Promise<string> {
      const response = await fetch(`${on.url}${location}`, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      return response.headers.get('upload-offset') ?? '';
    }

    it('lets one of two racing PATCHes through, refuses the other cleanly, and answers a repeated last PATCH the same', async () => {
      const client = await newClient(a);
      const pdf = await makePdf(20);
      const half = Math.floor(pdf.length / 2);
      const rounds = 5;
      for (let round = 0; round < rounds; round += 1) {
        const location = await createUpload(
          round % 2 === 0 ? a : b,
          client.token,
          pdf.length,
          'Renta',
        );
        const first = await Promise.all([
          patch(a, client.token, location, 0, pdf.subarray(0, half)),
          patch(b, client.token, location, 0, pdf.subarray(0, half)),
        ]);
        const firstStatuses = first.map((response) => response.status).sort();
        expect(firstStatuses, first.map((response) => response.text).join(' | ')).toEqual([
          204, 409,
        ]);
        expect(first.find((response) => response.status === 409)?.body).toEqual({
          message: TUS_MESSAGES.offsetConflict,
        });
        expect(await offsetOf(round % 2 === 0 ? b : a, client.token, location)).toBe(String(half));

        const last = await Promise.all([
          patch(b, client.token, location, half, pdf.subarray(half)),
          patch(a, client.token, location, half, pdf.subarray(half)),
        ]);
        // The loser comes either before the winner's file is stored (409, the offset moved on)
        // or after (the winner's answer, as for a repeated last PATCH); never a second copy.
        const stored = last.find((response) => response.status === 200);
        expect(stored, last.map((response) => response.text).join(' | ')).toBeDefined();
        for (const response of last) {
          expect([200, 409], response.text).toContain(response.status);
          if (response.status === 200) expect(response.body).toEqual(stored?.body);
        }
        const { documento } = uploadResultSchema.parse(stored?.body).data;
        expect(documento.archivo).toMatchObject({ name: 'Renta.pdf', size: pdf.length });

        // The client never got its answer and sends the last PATCH again, to the other instance.
        for (const on of [a, b]) {
          const again = await patch(on, client.token, location, half, pdf.subarray(half));
          expect({ status: again.status, body: again.body }).toEqual({
            status: 200,
            body: stored?.body,
          });
        }
        const download = await fetch(
          `${(round % 2 === 0 ? b : a).url}/api/documents/files/${documento.archivo?.id ?? ''}/content`,
          { headers: { authorization: `Bearer ${client.token}` } },
        );
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
      }
      const uploaded = await a.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'documents.uploaded'), eq(auditLog.actorKind, 'cliente')));
      expect(
        uploaded.filter((row) => JSON.stringify(row.after).includes(client.leadId)),
      ).toHaveLength(rounds);
    });

    it('gives a refused upload’s answer again on the other instance, and audits the refusal once', async () => {
      const client = await newClient(b);
      const fake = Buffer.from('Esto no es un PDF, aunque se llame así.\n'.repeat(20));
      const location = await createUpload(a, client.token, fake.length, 'falso.pdf');
      const refused = await patch(a, client.token, location, 0, fake);
      expect(refused.status).toBe(422);
      const again = await patch(b, client.token, location, 0, fake);
      expect({ status: again.status, body: again.body }).toEqual({
        status: 422,
        body: refused.body,
      });
      const audits = await b.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'documents.upload_refused'),
            eq(auditLog.subjectId, client.leadId),
          ),
        );
      expect(audits).toHaveLength(1);
    });

    it('frees the lock of an instance whose database connection dies', async () => {
      const client = await newClient(a);
      const pdf = await makePdf(2);
      const location = await createUpload(a, client.token, pdf.length, 'Renta');
      expect((await patch(a, client.token, location, 0, pdf.subarray(0, 100))).status).toBe(204);
      const key = `${a.ctx.uploads.idPrefix}${location.split('/').at(-1) ?? ''}`;

      // An instance that holds the upload and never lets go, as a process that froze.
      const frozen = new UploadLocks({ databaseUrl });
      const asked = vi.fn();
      const frozenLock = frozen.tus.newLock(key);
      await frozenLock.lock(new AbortController().signal, asked);
      const probe = new UploadLocks({ databaseUrl, requestWaitMs: 400 });
      try {
        await expect(
          probe.tus.newLock(key).lock(new AbortController().signal, () => undefined),
        ).rejects.toMatchObject({
          status_code: 500,
          body: 'failed to acquire lock before timeout',
        });
        // The waiter on another instance asked the holder to let go.
        expect(asked).toHaveBeenCalled();

        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          const killed = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = $1 and datname = current_database()
                and pid in (select pid from pg_locks where locktype = 'advisory' and classid = $2)`,
            [LOCKS_APPLICATION_NAME, UPLOAD_LOCK_CLASS],
          );
          expect(killed.rowCount).toBe(1);
        } finally {
          await admin.end();
        }

        const started = Date.now();
        expect(await offsetOf(b, client.token, location)).toBe('100');
        const last = await patch(b, client.token, location, 100, pdf.subarray(100));
        expect(last.status, last.text).toBe(200);
        expect(Date.now() - started).toBeLessThan(5000);
        // Its own unlock finds the lock already gone with the connection.
        await frozenLock.unlock();
      } finally {
        await probe.close();
        await frozen.close();
      }
    });
  },
);
