/**
 * `pnpm bench` (after leads.bench.ts): a generated PDF of 5 MB and one of 50 MB uploaded through
 * tus to the server in its own process (bench/server.ts, embedded database), each measured from
 * the first request to the stored, checked answer. The server reports its memory every few
 * milliseconds; the peak RSS and heap above what it used just before each upload show whether
 * memory grows with the file (decision 0472). 127.0.0.1 only, a handful of uploads.
 * BENCH_UPLOAD_RUNS (default 2) sets how many uploads of each size are measured.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passingLeadRequest } from '@cbp/core/testing';
import { RULES, UPLOAD_PATH } from '@cbp/core';
import pg from 'pg';
import { Upload } from 'tus-js-client';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 2);
const MEMORY_EVERY_MS = 20;
const MiB = 1024 * 1024;

/**
 * Past this, the 50 MB upload raised the server's memory by (a good part of) the file more than
 * the 5 MB one did, over what it used just before each: the bench fails.
 */
const GROWTH_BUDGET_BYTES = 24 * MiB;

interface MemorySample {
  at: number;
  heapUsed: number;
  rss: number;
}

/**
 * A fresh PostgreSQL database when the server answers: with PGlite the process's RSS would be
 * mostly the embedded database's WebAssembly memory, which moves by hundreds of MiB on its own.
 */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `cbp_bench_subidas_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** The server in a child process, reporting its memory on standard output. */
async function startServer(dataDir: string, databaseUrl: string) {
  const samples: MemorySample[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BENCH_NO_WORKER: '1',
      BENCH_REPORT_MEMORY_MS: String(MEMORY_EVERY_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pending = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const listening = /^LISTENING (\S+)/.exec(line);
        if (listening?.[1] !== undefined) resolve(listening[1]);
        const memory = /^MEMORY (\d+) (\d+) (\d+)/.exec(line);
        if (memory !== null) {
          samples.push({
            at: Number(memory[1]),
            heapUsed: Number(memory[2]),
            rss: Number(memory[3]),
          });
        }
      }
    });
    child.on('exit', (code) => {
      reject(new Error(`el servidor terminó con código ${String(code)}`));
    });
  });
  return {
    url,
    samples,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A PDF of `size` bytes written by hand: one page whose content stream is random bytes (as
 * incompressible as a scan), then a classic cross-reference table and trailer.
 */
async function writePdf(file: string, size: number): Promise<void> {
  const out = createWriteStream(file);
  const offsets: number[] = [];
  let written = 0;
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve, reject) => {
      const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
      written += buffer.length;
      out.write(buffer, (error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  const object = async (body: string) => {
    offsets.push(written);
    await write(`${String(offsets.length)} 0 obj\n${body}\nendobj\n`);
  };
  await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  await object('<< /Type /Catalog /Pages 2 0 R >>');
  await object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  await object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>');
  const tailReserve = 400;
  const length = size - written - tailReserve;
  offsets.push(written);
  await write(`4 0 obj\n<< /Length ${String(length)} >>\nstream\n`);
  for (let left = length; left > 0; left -= MiB) await write(randomBytes(Math.min(MiB, left)));
  await write('\nendstream\nendobj\n');
  const xref = written;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  await write(
    `xref\n0 ${String(offsets.length + 1)}\n0000000000 65535 f \n${entries.join('')}trailer\n<< /Size ${String(offsets.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`,
  );
  await new Promise<void>((resolve) => out.end(resolve));
}

async function clientToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(passingLeadRequest(`subidas.${randomBytes(3).toString('hex')}@correo.es`)),
  });
  const body = (await response.json()) as { session?: { access_token?: string } };
  const token = body.session?.access_token;
  if (token === undefined) throw new Error('POST /api/leads no devolvió una sesión');
  return token;
}

function upload(url: string, token: string, body: Buffer, filename: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const tus = new Upload(body, {
      endpoint: `${url}${UPLOAD_PATH}`,
      headers: { Authorization: `Bearer ${token}` },
      metadata: { documentId: 'hipoteca/escritura-hipoteca', filename },
      retryDelays: null,
      onSuccess: ({ lastResponse }) => {
        resolve(lastResponse.getStatus());
      },
      onError: reject,
    });
    tus.start();
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Measurement {
  label: string;
  bytes: number;
  seconds: number;
  peakRss: number;
  rssGrowth: number;
  heapGrowth: number;
}

async function measure(
  server: Awaited<ReturnType<typeof startServer>>,
  token: string,
  body: Buffer,
  label: string,
): Promise<Measurement> {
  // Let the previous upload's garbage settle, then take what the server uses now as the floor.
  await wait(500);
  const before = server.samples.slice(-5);
  const floorRss = Math.min(...before.map((sample) => sample.rss));
  const floorHeap = Math.min(...before.map((sample) => sample.heapUsed));
  const started = Date.now();
  const status = await upload(server.url, token, body, `${label}.pdf`);
  const seconds = (Date.now() - started) / 1000;
  if (status !== 200) throw new Error(`la subida de ${label} respondió ${String(status)}`);
  await wait(MEMORY_EVERY_MS * 3);
  const during = server.samples.filter((sample) => sample.at >= started);
  const peakRss = Math.max(...during.map((sample) => sample.rss));
  return {
    label,
    bytes: body.length,
    seconds,
    peakRss,
    rssGrowth: peakRss - floorRss,
    heapGrowth: Math.max(...during.map((sample) => sample.heapUsed)) - floorHeap,
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-bench-subidas-'));
const files = await mkdtemp(path.join(tmpdir(), 'cbp-bench-pdf-'));
const results: Measurement[] = [];
let idleRss = 0;
const postgres = await postgresDatabase();
const database = postgres === undefined ? 'PGlite' : 'PostgreSQL';
try {
  const warmUp = path.join(files, 'calentamiento.pdf');
  const small = path.join(files, 'pequeno.pdf');
  const large = path.join(files, 'grande.pdf');
  await writePdf(warmUp, 20 * MiB);
  await writePdf(small, 5 * MiB);
  await writePdf(large, RULES.documents.maxFileBytes - 1024);
  const bodies = { '5 MB': await readFile(small), '50 MB': await readFile(large) };
  const server = await startServer(dataDir, postgres?.url ?? '');
  try {
    const token = await clientToken(server.url);
    // A first upload of 20 MB warms the server and is not counted: besides compiling code and
    // opening pools, the first large transfer of a process raises its RSS once by some 80 MiB
    // (freed chunks wait for V8's external-memory threshold to trigger a collection, and the
    // allocator keeps the pages), whatever the file's size past that threshold.
    await upload(server.url, token, await readFile(warmUp), 'calentamiento.pdf');
    await wait(500);
    idleRss = Math.min(...server.samples.slice(-5).map((sample) => sample.rss));
    // The large file first: it must not raise the server's memory above what a small one needs.
    for (let run = 0; run < runs; run += 1) {
      for (const label of ['50 MB', '5 MB'] as const) {
        results.push(await measure(server, token, bodies[label], label));
      }
    }
  } finally {
    await server.stop();
  }
} finally {
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
}

const format = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
const mib = (bytes: number) => format.format(bytes / MiB);
console.log(
  `\nSubidas tus (PDF generado, una petición PATCH por archivo, 127.0.0.1). Máquina: ${String(availableParallelism())} núcleos (${cpus()[0]?.model ?? 'CPU desconocida'}), ${format.format(totalmem() / 2 ** 30)} GiB, Node ${process.version}, base de datos ${database}, carga media ${format.format(loadavg()[0] ?? 0)}\n`,
);
console.log(`RSS del servidor en reposo tras la primera subida: ${mib(idleRss)} MiB\n`);
console.log(
  '| Archivo | MB/s | Segundos | Pico de RSS (MiB) | RSS sobre el de antes (MiB) | Heap sobre el de antes (MiB) |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of results) {
  console.log(
    `| ${row.label} | ${format.format(row.bytes / MiB / row.seconds)} | ${format.format(row.seconds)} | ${mib(row.peakRss)} | ${mib(row.rssGrowth)} | ${mib(row.heapGrowth)} |`,
  );
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
for (const label of ['5 MB', '50 MB']) {
  const rows = results.filter((row) => row.label === label);
  console.log(
    `${label}: mediana ${format.format(median(rows.map((row) => row.bytes / MiB / row.seconds)))} MB/s; pico de RSS ${mib(Math.max(...rows.map((row) => row.peakRss)))} MiB; el heap crece como mucho ${mib(Math.max(...rows.map((row) => row.heapGrowth)))} MiB`,
  );
}
// What each upload added to the RSS the server had just before it: the absolute peaks also carry
// the allocator's baseline, which drifts between uploads on a busy machine (tens of MiB either way)
// whatever the file's size.
const worstRise = (label: string) =>
  Math.max(...results.filter((row) => row.label === label).map((row) => row.rssGrowth));
const growth = worstRise('50 MB') - worstRise('5 MB');
const within = growth <= GROWTH_BUDGET_BYTES;
console.log(
  `\nRSS sobre el de antes con 50 MB: ${mib(worstRise('50 MB'))} MiB; con 5 MB: ${mib(worstRise('5 MB'))} MiB; diferencia ${mib(growth)} MiB (máximo ${mib(GROWTH_BUDGET_BYTES)} MiB): ${within ? 'cumple' : 'NO cumple'}`,
);
if (postgres === undefined) {
  console.log(
    'Sin PostgreSQL el RSS incluye la memoria de PGlite, que varía por sí sola: la comparación no se exige.',
  );
} else if (!within) process.exitCode = 1;
