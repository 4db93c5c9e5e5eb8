/**
 * The big send: a case whose nine documents weigh 45 MB each (image-heavy PDFs and scans), sent
 * to a server in another process, which reports its memory every 100 ms while /health-check is
 * asked every 50 ms. The bank file must be built with at most 400 MB of RSS over the idle server,
 * /health-check's p99 under 200 ms, and every part under 15 MB. Then a walk-through case (phone
 * photos and phone-scanned PDFs, 27 pages) whose bank file must weigh at most 8 MB. On
 * PostgreSQL when it answers (the embedded database's memory moves on its own), else PGlite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { submissionResponseSchema, type SubmissionView } from '@cbp/core';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { leads, reviewDrafts } from '../src/db/schema';
import { saveCaseFile } from '../src/modules/documents/files';
import { type Client, newClient, payByCard, signaturePng } from '../test/billing-helpers';
import { COMPLETE_CASE_DOCUMENTS, completeReviewValues } from '../test/case-file';
import { startTestServer, variants } from '../test/helpers';
import { report } from './figures';
import { startServerProcess } from './server-process';

const MB = 1_000_000;
const MiB = 1024 * 1024;
const RSS_BUDGET = 400 * MiB;
const HEALTH_P99_BUDGET_MS = 200;
const PART_LIMIT = 15 * MB;
const WALKTHROUGH_LIMIT = 8 * MB;
const variant = variants.find((candidate) => candidate.name === 'PostgreSQL') ?? variants[0];

/** A photo-like picture: smooth colour fields with fine grain, as a camera's JPEG has. */
async function photo(width: number, height: number, seed: number, quality: number) {
  const small = Buffer.alloc(48 * 64 * 3);
  for (let index = 0; index < small.length; index += 1) {
    small[index] = Math.floor(((Math.sin(index * 0.37 + seed) + 1) / 2) * 200) + 30;
  }
  const grain = Buffer.alloc(width * height);
  for (let index = 0; index < grain.length; index += 1)
    grain[index] = (index * 2654435761 + seed) % 23;
  const base = await sharp(small, { raw: { width: 48, height: 64, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let index = 0; index < base.length; index += 1) {
    base[index] = Math.min(255, (base[index] ?? 0) + (grain[Math.floor(index / 3)] ?? 0));
  }
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** A photographed sheet of paper: lines of text on white, a shadow, the camera's grain. */
async function documentPhoto(width: number, height: number, seed: number) {
  const lines = Array.from({ length: 40 }, (_, index) => {
    const y = 260 + index * 90;
    const length = 1800 + ((index * 7919 + seed * 104729) % 900);
    return `<rect x="240" y="${String(y)}" width="${String(length)}" height="26" fill="#333" opacity="0.85"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fafaf5"/><stop offset="1" stop-color="#d8d6cf"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** A PDF of `pages` full-page photos (a phone's scan app, or a scanner at high quality). */
async function scanPdf(images: Buffer[], pages: number) {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) {
    const image = await document.embedJpg(images[index % images.length] ?? Buffer.alloc(0));
    document.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await document.save());
}

/** The documents the law asks of this household, and two it no longer needs, kept on the case. */
const SLOTS = [...COMPLETE_CASE_DOCUMENTS, '1/vida-laboral', 'hipoteca/nota-simple'] as const;

interface Setup {
  dataDir: string;
  databaseUrl: string | undefined;
  cleanup: () => Promise<void>;
}

/** A client with the review finished, the given file in every checklist entry, and paid. */
async function completeCase(setup: Setup, files: { body: Buffer; mime: string }[]) {
  const server = await startTestServer(setup, {}, { startBuildWorker: false });
  try {
    const client = await newClient(server);
    const [lead] = await server.ctx.db
      .select({ userId: leads.userId })
      .from(leads)
      .where(eq(leads.id, client.leadId));
    const now = new Date();
    await server.ctx.db.insert(reviewDrafts).values({
      leadId: client.leadId,
      values: completeReviewValues(client.email),
      step: 4,
      tab: 'economicos',
      revision: 1,
      updatedAt: now,
      finalizedAt: now,
    });
    for (const [index, slot] of SLOTS.entries()) {
      const file = files[index % files.length];
      if (file === undefined) continue;
      await saveCaseFile(server.ctx, {
        leadId: client.leadId,
        userId: lead?.userId ?? '',
        origin: 'subida',
        slot,
        fileName: `${slot.replace('/', '-')}.${file.mime === 'application/pdf' ? 'pdf' : file.mime.slice(6)}`,
        mimeType: file.mime as 'application/pdf' | 'image/jpeg' | 'image/png',
        body: file.body,
      });
    }
    await payByCard(server, client, 'unico', {
      firma: { tipo: 'dibujada', imagen: await signaturePng() },
    });
    // The declaración responsable, signed as the send screen signs it (it goes first).
    const declaration = await server.request('/api/expediente/declaracion', {
      token: client.token,
    });
    const { huella } = (declaration.body as { data: { huella: string } }).data;
    const signed = await server.request('/api/expediente/declaracion', {
      token: client.token,
      json: { huella, firma: { tipo: 'escrita', nombre: 'Lucía Pérez García' } },
    });
    if (signed.status !== 201) throw new Error(`declaración no firmada: ${signed.text}`);
    return client;
  } finally {
    await server.close();
  }
}

interface Sample {
  at: number;
  rss: number;
}

/** What the server reported of its memory so far ('MEMORY <at> <heap> <rss>' lines). */
function memorySamples(lines: readonly string[]): Sample[] {
  return lines.flatMap((line) => {
    const memory = /^MEMORY (\d+) (\d+) (\d+)/.exec(line);
    return memory === null ? [] : [{ at: Number(memory[1]), rss: Number(memory[3]) }];
  });
}

/** The API in a child process reporting its RSS every 100 ms. */
async function serverProcess(setup: Setup) {
  const server = await startServerProcess({
    DATA_DIR: setup.dataDir,
    DATABASE_URL: setup.databaseUrl ?? '',
    BENCH_REPORT_MEMORY_MS: '100',
  });
  return {
    url: server.url,
    get samples() {
      return memorySamples(server.lines);
    },
    stop: () => server.stop(),
  };
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

async function viewOf(url: string, client: Client): Promise<SubmissionView> {
  const response = await fetch(`${url}/api/expediente/envio`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  return submissionResponseSchema.parse(await response.json()).data;
}

/** Sends the case and follows the build, asking /health-check every 50 ms meanwhile. */
async function measureSend(setup: Setup, client: Client) {
  const server = await serverProcess(setup);
  try {
    await sleep(3000);
    const idle = Math.min(...server.samples.slice(-10).map((sample) => sample.rss));
    const started = Date.now();
    const answer = await fetch(`${server.url}/api/expediente/envio`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
    });
    const answeredMs = Date.now() - started;
    expect(answer.status, answer.status === 202 ? '' : await answer.text()).toBe(202);
    const latencies: number[] = [];
    const polling = { done: false };
    const health = (async () => {
      while (!polling.done) {
        const asked = performance.now();
        await fetch(`${server.url}/health-check`).then((response) => response.arrayBuffer());
        latencies.push(performance.now() - asked);
        await sleep(50);
      }
    })();
    let view = await viewOf(server.url, client);
    while (view.estado !== 'enviado' && view.preparacion?.estado !== 'fallido') {
      await sleep(500);
      view = await viewOf(server.url, client);
    }
    const seconds = (Date.now() - started) / 1000;
    polling.done = true;
    await health;
    const during = server.samples.filter((sample) => sample.at >= started);
    const peak = Math.max(...during.map((sample) => sample.rss));
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
    return { view, idle, peak, seconds, answeredMs, p99, checks: latencies.length };
  } finally {
    await server.stop();
  }
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

describe(`the big send (${variant?.name ?? 'sin base de datos'})`, () => {
  const setups: Setup[] = [];
  afterAll(async () => {
    for (const setup of setups) {
      await setup.cleanup();
      await rm(setup.dataDir, { recursive: true, force: true });
    }
  });

  async function provision(): Promise<Setup> {
    if (variant === undefined) throw new Error('sin base de datos');
    const provisioned = await variant.provision();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-resiliencia-envio-'));
    const setup = { ...provisioned, dataDir };
    setups.push(setup);
    return setup;
  }

  it('builds nine 45 MB documents with bounded memory, a responsive server and parts under 15 MB', async () => {
    const setup = await provision();
    const photos = await Promise.all([0, 1, 2, 3, 4, 5].map((seed) => photo(3024, 4032, seed, 97)));
    const perPage = photos.reduce((sum, image) => sum + image.length, 0) / photos.length;
    const big = await scanPdf(photos, Math.ceil((45 * MB) / perPage));
    const png = await sharp(await photo(3700, 3900, 9, 100))
      .png({ compressionLevel: 1 })
      .toBuffer();
    const files = [
      { body: big, mime: 'application/pdf' },
      { body: big, mime: 'application/pdf' },
      { body: png, mime: 'image/png' },
    ];
    const client = await completeCase(setup, files);
    const measured = await measureSend(setup, client);
    const sizes = measured.view.partes.map((part) => part.bytes);
    report('Envío grande: 9 documentos', [
      ['PDF de 45 MB (hojas)', `${mb(big.length)} (${String(Math.ceil((45 * MB) / perPage))})`],
      ['PNG', mb(png.length)],
      ['respuesta del POST', `${String(measured.answeredMs)} ms`],
      ['tiempo hasta enviado', `${measured.seconds.toFixed(1)} s`],
      ['RSS en reposo → pico', `${mib(measured.idle)} → ${mib(measured.peak)}`],
      ['RSS sobre el reposo', mib(measured.peak - measured.idle)],
      [
        '/health-check p99 (peticiones)',
        `${measured.p99.toFixed(0)} ms (${String(measured.checks)})`,
      ],
      ['partes', sizes.length],
      [
        'tamaño total / mayor parte',
        `${mb(sizes.reduce((a, b) => a + b, 0))} / ${mb(Math.max(...sizes))}`,
      ],
    ]);
    expect(measured.view.estado).toBe('enviado');
    expect(measured.peak - measured.idle).toBeLessThanOrEqual(RSS_BUDGET);
    expect(measured.p99).toBeLessThan(HEALTH_P99_BUDGET_MS);
    expect(sizes.every((size) => size < PART_LIMIT)).toBe(true);
  });

  it('keeps the walk-through case (phone photos and scans, 27 pages) within 8 MB', async () => {
    const setup = await provision();
    const sheets = await Promise.all([0, 1, 2, 3].map((seed) => documentPhoto(3024, 4032, seed)));
    const pdfs = await Promise.all([5, 5, 6, 5].map((pages) => scanPdf(sheets, pages)));
    const files = [
      { body: sheets[0] ?? Buffer.alloc(0), mime: 'image/jpeg' },
      { body: pdfs[0] ?? Buffer.alloc(0), mime: 'application/pdf' },
      { body: sheets[1] ?? Buffer.alloc(0), mime: 'image/jpeg' },
      { body: pdfs[1] ?? Buffer.alloc(0), mime: 'application/pdf' },
      { body: sheets[2] ?? Buffer.alloc(0), mime: 'image/jpeg' },
      { body: pdfs[2] ?? Buffer.alloc(0), mime: 'application/pdf' },
      { body: sheets[3] ?? Buffer.alloc(0), mime: 'image/jpeg' },
      { body: pdfs[3] ?? Buffer.alloc(0), mime: 'application/pdf' },
      { body: sheets[0] ?? Buffer.alloc(0), mime: 'image/jpeg' },
    ];
    const uploaded = files.reduce((sum, file) => sum + file.body.length, 0);
    const client = await completeCase(setup, files);
    const measured = await measureSend(setup, client);
    const total = measured.view.partes.reduce((sum, part) => sum + part.bytes, 0);
    report('Caso de recorrido: fotos y escaneos de un móvil (26 hojas y la renta)', [
      ['subido', mb(uploaded)],
      ['archivo del banco', `${mb(total)} en ${String(measured.view.partes.length)} parte(s)`],
      ['tiempo hasta enviado', `${measured.seconds.toFixed(1)} s`],
    ]);
    expect(measured.view.estado).toBe('enviado');
    expect(total).toBeLessThanOrEqual(WALKTHROUGH_LIMIT);
  });
});
