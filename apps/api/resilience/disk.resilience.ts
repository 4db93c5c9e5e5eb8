/**
 * Disk use after many uploads with replacements, on the embedded default: the API in another
 * process, RESILIENCE_DISK_UPLOADS (default 200) tus uploads spread over a few cases and
 * entries, so most of them replace a file nobody reviewed, plus refused files and repeated last
 * PATCHes. Afterwards the documents folder must hold exactly the files the cases still
 * reference (decision 0590): no replaced file, no refused one, no temporary file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  documentsOverviewResponseSchema,
  UPLOAD_PATH,
  uploadResultSchema,
  type DocumentsOverview,
} from '@cbp/core';
import { passingLeadRequest } from '@cbp/core/testing';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGING_DIR } from '../src/providers/storage/upload-staging';
import { DISK_STORAGE_DIR } from '../src/providers/storage';
import { CHUNK_BYTES, HEADER_BYTES } from '../src/providers/storage/encryption';
import { report } from './figures';
import { type ServerProcess, startServerProcess } from './server-process';

const uploads = Number(process.env.RESILIENCE_DISK_UPLOADS ?? 200);
const CASES = 4;
/** Entries on a new client's list before the review (the household is not known yet). */
const ENTRIES = [
  '1/certificado-renta-aeat',
  '1/certificado-titularidades',
  'hipoteca/escritura-compraventa',
  'hipoteca/escritura-hipoteca',
  'hogar/certificado-de-empadronamiento',
];
/** Every this many uploads, one is not a PDF (refused, nothing kept). */
const REFUSED_EVERY = 17;
/** Every this many uploads, its last PATCH is sent again (it must not store a second copy). */
const REPEATED_EVERY = 10;
const TAG_BYTES = 16;
const MB = 1024 * 1024;

/** What a file of `size` plaintext bytes takes on disk (decision 0470). */
function encryptedSize(size: number): number {
  return HEADER_BYTES + size + Math.max(1, Math.ceil(size / CHUNK_BYTES)) * TAG_BYTES;
}

/** A valid PDF of about `bytes`, random (incompressible) content attached. */
async function pdfOf(bytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  await document.attach(randomBytes(bytes), 'datos.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await document.save());
}

async function filesUnder(directory: string): Promise<{ name: string; size: number }[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  return Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { name: path.relative(directory, file), size: (await stat(file)).size };
    }),
  );
}

function storedFiles(overview: DocumentsOverview): { size: number }[] {
  const entries = [
    ...Object.values(overview.checklist.holders).flatMap((holder) => [
      ...holder.personal,
      ...holder.laboral,
    ]),
    ...overview.checklist.hogar,
    ...overview.checklist.hipoteca,
  ];
  return [
    ...entries.flatMap((entry) => (entry.archivo === null ? [] : [entry.archivo])),
    ...overview.obtenidos.map((file) => file.archivo),
  ];
}

describe('disk use after uploads with replacements', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-resiliencia-disco-'));
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps on disk only the files the cases still reference', async () => {
    const running = server;
    if (running === undefined) throw new Error('no server');
    const tus = (token: string, pathname: string, init: RequestInit) =>
      fetch(`${running.url}${pathname}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          ...(init.headers as Record<string, string> | undefined),
        },
      });

    const tokens: string[] = [];
    for (let index = 0; index < CASES; index += 1) {
      const email = `disco.${String(index)}.${randomBytes(3).toString('hex')}@correo.es`;
      const created = await fetch(`${running.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(passingLeadRequest(email)),
      });
      expect(created.status).toBe(201);
      const body = (await created.json()) as { session: { access_token: string } };
      tokens.push(body.session.access_token);
    }

    const statuses = new Map<number, number>();
    let uploadedBytes = 0;
    let keptIfNeverDeleted = 0;
    let repeated = 0;
    const started = performance.now();
    for (let index = 0; index < uploads; index += 1) {
      const token = tokens[index % CASES] ?? '';
      const entry = ENTRIES[Math.floor(index / CASES) % ENTRIES.length] ?? '';
      const refused = index % REFUSED_EVERY === REFUSED_EVERY - 1;
      const body = refused
        ? randomBytes(30_000)
        : await pdfOf(50_000 + Math.floor(Math.random() * 950_000));
      uploadedBytes += body.length;
      const metadata = `documentId ${Buffer.from(entry).toString('base64')},filename ${Buffer.from(
        `archivo-${String(index)}.pdf`,
      ).toString('base64')}`;
      const created = await tus(token, UPLOAD_PATH, {
        method: 'POST',
        headers: { 'upload-length': String(body.length), 'upload-metadata': metadata },
      });
      expect(created.status, created.status === 201 ? '' : await created.text()).toBe(201);
      const location = created.headers.get('location') ?? '';
      const patch = (offset: number, bytes: Uint8Array) =>
        tus(token, location, {
          method: 'PATCH',
          headers: {
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes,
        });
      const answer = await patch(0, body);
      const answered = await answer.text();
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status).toBe(refused ? 422 : 200);
      if (!refused) {
        const stored = uploadResultSchema.parse(JSON.parse(answered)).data.documento.archivo;
        keptIfNeverDeleted += encryptedSize(stored?.size ?? 0);
      }
      if (index % REPEATED_EVERY === 0) {
        const again = await patch(body.length, new Uint8Array(0));
        expect(again.status).toBe(answer.status);
        expect(await again.text()).toBe(answered);
        repeated += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;

    let referencedFiles = 0;
    let referencedBytes = 0;
    for (const token of tokens) {
      const listed = await fetch(`${running.url}/api/documents`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const overview = documentsOverviewResponseSchema.parse(await listed.json()).data;
      for (const file of storedFiles(overview)) {
        referencedFiles += 1;
        referencedBytes += encryptedSize(file.size);
      }
    }
    const documentsDir = path.join(dataDir, DISK_STORAGE_DIR);
    const onDisk = await filesUnder(documentsDir);
    const temporary = onDisk.filter((file) => file.name.startsWith('.tmp'));
    const stored = onDisk.filter((file) => !file.name.startsWith('.tmp'));
    const diskBytes = stored.reduce((total, file) => total + file.size, 0);
    const staged = (await readdir(path.join(dataDir, STAGING_DIR))).filter(
      (name) => name !== 'copias',
    );

    report('Disco tras subidas con sustituciones', [
      [
        'subidas (casos × documentos)',
        `${String(uploads)} (${String(CASES)} × ${String(ENTRIES.length)})`,
      ],
      [
        'respuestas',
        [...statuses].map(([status, count]) => `${String(count)} × ${String(status)}`).join(', '),
      ],
      ['últimos PATCH repetidos', repeated],
      ['MB enviados', (uploadedBytes / MB).toFixed(1)],
      ['MB guardados sin borrar sustituidos', (keptIfNeverDeleted / MB).toFixed(1)],
      [
        'archivos en disco / referenciados',
        `${String(stored.length)} / ${String(referencedFiles)}`,
      ],
      [
        'MB en disco / referenciados',
        `${(diskBytes / MB).toFixed(2)} / ${(referencedBytes / MB).toFixed(2)}`,
      ],
      ['bytes huérfanos', diskBytes - referencedBytes],
      ['temporales / subidas en curso', `${String(temporary.length)} / ${String(staged.length)}`],
      ['duración', `${seconds.toFixed(1)} s`],
    ]);

    expect(referencedFiles).toBe(CASES * ENTRIES.length);
    expect(stored).toHaveLength(referencedFiles);
    expect(diskBytes).toBe(referencedBytes);
    expect(temporary).toEqual([]);
    expect(staged).toEqual([]);
  });
});
