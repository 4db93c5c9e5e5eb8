/**
 * SIGTERM to a real server process (src/main.ts) while a tus upload is arriving and a bank file
 * is being built: the process stops by itself, and after a restart nothing is lost or done twice.
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_PATH } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  caseSubmissions,
  documents,
  leads,
  outbox,
  submissionBuilds,
} from '../src/db/schema';
import { openDatabase } from '../src/db/client';
import { saveCaseFile } from '../src/modules/documents/files';
import { payByCard } from './billing-helpers';
import {
  COMPLETE_CASE_DOCUMENTS,
  completeReviewValues,
  newCaseClient,
  saveReviewDraft,
  storeRetrievedTaxReturn,
} from './case-file';
import { type DatabaseVariant, startTestServer, type TestServer, text, variants } from './helpers';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Child {
  url: string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  stderr(): string;
  stdout(): string;
}

function startMain(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Servidor en (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match?.[1] === undefined) return;
      clearInterval(timer);
      resolve({
        url: match[1],
        exited,
        kill: (signal) => child.kill(signal),
        stderr: () => stderr,
        stdout: () => stdout,
      });
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`el servidor terminó con ${String(code)}: ${stderr}`));
    });
  });
}

async function pdf(title: string, pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < pages; page += 1) {
    // Noise the PDF cannot compress away, so the file is large enough to arrive in two halves.
    const noise = Array.from({ length: 40 }, () => Math.random().toString(36).slice(2)).join(' ');
    const drawn = document.addPage([595, 842]);
    drawn.drawText(`${title}, página ${String(page + 1)}`, { font, x: 40, y: 800 });
    for (let line = 0; line < 60; line += 1) {
      drawn.drawText(noise.slice(line % 40, 80 + (line % 40)), {
        font,
        size: 8,
        x: 40,
        y: 780 - line * 12,
      });
    }
  }
  return Buffer.from(await document.save());
}

/** A client with a complete file, ready for 'Enviar expediente'. */
async function completeClient(server: TestServer) {
  const client = await newCaseClient(server);
  await saveReviewDraft(server, client.leadId, completeReviewValues(client.email));
  const current = await server.request('/api/expediente/declaracion', { token: client.token });
  const huella = text(current.body, 'data', 'huella');
  const signed = await server.request('/api/expediente/declaracion', {
    token: client.token,
    json: { huella, firma: { tipo: 'escrita', nombre: 'Lucía Pérez García' } },
  });
  expect(signed.status, signed.text).toBe(201);
  for (const slot of COMPLETE_CASE_DOCUMENTS) {
    await saveCaseFile(server.ctx, {
      leadId: client.leadId,
      userId: client.userId,
      origin: 'subida',
      slot,
      fileName: `${slot.replace('/', '-')}.pdf`,
      mimeType: 'application/pdf',
      body: await pdf(slot, 3),
    });
  }
  await storeRetrievedTaxReturn(server, client.leadId, await pdf('Renta', 1));
  await payByCard(server, client, 'unico');
  return client;
}

/** PostgreSQL when it answers (the server and the test then share it), PGlite otherwise. */
const variant: DatabaseVariant | undefined = variants.at(-1);

describe('stopping the server with SIGTERM', () => {
  it('finishes or hands back the upload and the bank-file build in flight, and loses nothing', async () => {
    if (variant === undefined) throw new Error('no database variant');
    const provisioned = await variant.provision();
    const env = {
      DATA_DIR: provisioned.dataDir,
      ...(provisioned.databaseUrl === undefined ? {} : { DATABASE_URL: provisioned.databaseUrl }),
      PORT: '0',
      WEB_DIR: path.join(provisioned.dataDir, 'sin-web'),
      // Short, so that the stop is bounded here whatever is still running.
      SHUTDOWN_TIMEOUT_SECONDS: '2',
    };
    let child: Child | undefined;
    try {
      // Two clients with a complete file, ready for 'Enviar expediente', and one about to upload.
      const setup = await startTestServer(provisioned);
      const sender = await completeClient(setup);
      const handedBack = await completeClient(setup);
      const uploader = await newCaseClient(setup);
      try {
        // A stop whose time runs out while a build runs hands it back, its attempt not counted.
        const accepted = await setup.request('/api/expediente/envio', {
          method: 'POST',
          token: handedBack.token,
        });
        expect(accepted.status).toBe(202);
        const building = async () => {
          const [row] = await setup.ctx.db
            .select()
            .from(submissionBuilds)
            .where(eq(submissionBuilds.leadId, handedBack.leadId));
          return row;
        };
        for (let tries = 0; tries < 200 && (await building())?.state === 'aceptado'; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect((await building())?.state).toBe('en-preparacion');
        await setup.builds.stop(0);
        expect(await building()).toMatchObject({
          state: 'aceptado',
          attempts: 0,
          claimToken: null,
        });
        const scrape = await setup.ctx.metrics.registry.getSingleMetricAsString(
          'submission_builds_released_total',
        );
        expect(scrape).toMatch(/^submission_builds_released_total 1$/m);
      } finally {
        await setup.close();
      }

      child = await startMain(env);
      const api = (
        pathname: string,
        init: { method?: string; headers?: Record<string, string>; body?: Uint8Array } = {},
        token = sender.token,
      ) =>
        fetch(`${child?.url ?? ''}${pathname}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, ...init.headers },
        });

      // An upload whose PATCH is half way when SIGTERM arrives.
      const file = await pdf('Certificado de la prueba', 20);
      const metadata = [
        `documentId ${Buffer.from('1/certificado-renta-aeat').toString('base64')}`,
        `filename ${Buffer.from('renta.pdf').toString('base64')}`,
      ].join(',');
      const created = await api(
        UPLOAD_PATH,
        {
          method: 'POST',
          headers: {
            'Tus-Resumable': '1.0.0',
            'Upload-Length': String(file.length),
            'Upload-Metadata': metadata,
          },
        },
        uploader.token,
      );
      expect(created.status).toBe(201);
      const uploadUrl = `${child.url}${created.headers.get('location') ?? ''}`;
      const half = Math.floor(file.length / 2);
      const patch = httpRequest(uploadUrl, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${uploader.token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(file.length),
        },
      });
      const patchAnswer = new Promise<number>((resolve) => {
        patch.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        // A PATCH cut by the stop's time limit is resumed below.
        patch.on('error', () => {
          resolve(0);
        });
      });
      await new Promise<void>((resolve) => {
        patch.write(file.subarray(0, half), () => {
          resolve();
        });
      });

      // 'Enviar expediente': accepted, and SIGTERM once the worker is building it.
      const accepted = await api('/api/expediente/envio', { method: 'POST' });
      expect(accepted.status).toBe(202);
      let preparacion = '';
      for (let tries = 0; tries < 100 && preparacion !== 'en-preparacion'; tries += 1) {
        const view = await api('/api/expediente/envio');
        preparacion = text(await view.json(), 'data', 'preparacion', 'estado');
        if (preparacion === 'listo') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill('SIGTERM');
      setTimeout(() => {
        patch.end(file.subarray(half));
      }, 300);
      const patched = await patchAnswer;
      expect(await child.exited).toBe(0);
      // Nothing logged as an error on the way out (a build cut off, a mail lost).
      expect(child.stdout()).not.toMatch(/"level":(50|60)/);

      // The build was finished or handed back, never left claimed by a process that is gone.
      const between = await openDatabase({
        databaseUrl: provisioned.databaseUrl,
        dataDir: provisioned.dataDir,
      });
      try {
        const [left] = await between.db
          .select()
          .from(submissionBuilds)
          .where(eq(submissionBuilds.leadId, sender.leadId));
        expect(['listo', 'aceptado']).toContain(left?.state);
        if (left?.state === 'aceptado') expect(left.attempts).toBe(0);
      } finally {
        await between.close();
      }

      // The next start: the upload completes (resumed if it was cut), the build is sent.
      child = await startMain(env);
      if (patched < 200 || patched >= 300) {
        const head = await api(
          new URL(uploadUrl).pathname,
          { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } },
          uploader.token,
        );
        expect(head.status).toBe(200);
        const offset = Number(head.headers.get('upload-offset'));
        const resumed = await api(
          new URL(uploadUrl).pathname,
          {
            method: 'PATCH',
            headers: {
              'Tus-Resumable': '1.0.0',
              'Upload-Offset': String(offset),
              'Content-Type': 'application/offset+octet-stream',
            },
            body: file.subarray(offset),
          },
          uploader.token,
        );
        expect(resumed.status, await resumed.text()).toBeLessThan(300);
      }
      for (const client of [sender, handedBack]) {
        let estado = '';
        for (let tries = 0; tries < 300 && estado !== 'enviado'; tries += 1) {
          const view = await api('/api/expediente/envio', {}, client.token);
          estado = text(await view.json(), 'data', 'estado');
          if (estado !== 'enviado') await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(estado).toBe('enviado');
      }
      child.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      child = undefined;

      // Counted in the database once both processes are gone.
      const check = await startTestServer(provisioned);
      try {
        const { db } = check.ctx;
        const [build] = await db
          .select()
          .from(submissionBuilds)
          .where(eq(submissionBuilds.leadId, sender.leadId));
        expect(build).toMatchObject({ state: 'listo' });
        const [resumed] = await db
          .select()
          .from(submissionBuilds)
          .where(eq(submissionBuilds.leadId, handedBack.leadId));
        expect(resumed).toMatchObject({ state: 'listo', attempts: 1 });
        for (const client of [sender, handedBack]) {
          expect(
            await db
              .select()
              .from(caseSubmissions)
              .where(eq(caseSubmissions.leadId, client.leadId)),
          ).toHaveLength(1);
        }
        expect(
          await db
            .select()
            .from(auditLog)
            .where(
              and(eq(auditLog.action, 'submission.sent'), eq(auditLog.subjectId, sender.leadId)),
            ),
        ).toHaveLength(1);
        const mails = await db.select().from(outbox);
        for (const client of [sender, handedBack]) {
          const toClient = mails.filter(
            (mail) => mail.template === 'expediente-enviado' && mail.toAddress === client.email,
          );
          const toFirm = mails.filter(
            (mail) =>
              mail.template === 'expediente-enviado-despacho' &&
              mail.text?.includes(client.leadId) === true,
          );
          expect([toClient.length, toFirm.length]).toEqual([1, 1]);
        }
        // Every mail queued by the two processes was delivered or waits; none is stuck or lost.
        expect((await db.select().from(outbox)).map((mail) => mail.status)).not.toContain(
          'sending',
        );
        const stored = await db
          .select()
          .from(documents)
          .where(
            and(
              eq(documents.leadId, uploader.leadId),
              eq(documents.slot, '1/certificado-renta-aeat'),
            ),
          );
        expect(stored.map((row) => row.size)).toContain(file.length);
        expect(await db.select().from(leads).where(eq(leads.id, uploader.leadId))).toHaveLength(1);
      } finally {
        await check.close();
      }
    } finally {
      child?.kill('SIGKILL');
      await provisioned.cleanup();
    }
  }, 120_000);
});
