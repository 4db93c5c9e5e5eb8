/**
 * The restore drill of the README ("Producción con varias instancias"): the API on PostgreSQL and
 * an S3 bucket, a client with a password and an uploaded document; then the backups exactly as
 * the README tells them (pg_dump -Fc and `bucket:copy` to a folder), the originals destroyed
 * (database dropped, bucket emptied and removed, the instance's DATA_DIR deleted), the restore
 * (createdb + pg_restore into a new database, `bucket:copy` back into a new bucket) and the API
 * started again on what was restored: the client signs in, sees the case and downloads the
 * document byte for byte, decrypted with the same STORAGE_KEY.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  caseStatusResponseSchema,
  documentsOverviewResponseSchema,
  UPLOAD_PATH,
  uploadResultSchema,
} from '@cbp/core';
import { passingLeadRequest } from '@cbp/core/testing';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../src/config';
import {
  newBucket,
  s3ServerUnavailable,
  type S3TestServer,
  startS3Server,
} from '../test/s3-server';
import { type Cluster, clusterUnavailable, startCluster } from './cluster';
import { report } from './figures';
import { type ServerProcess, startServerProcess } from './server-process';

const run = promisify(execFile);
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'copia-de-seguridad-2026';
const DOCUMENT_ENTRY = '1/dni-nie';

function clientToolsUnavailable(): string | undefined {
  for (const tool of ['pg_dump', 'pg_restore', 'createdb']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch {
      return `falta ${tool} (paquete postgresql-client)`;
    }
  }
  return undefined;
}

const unavailable = clusterUnavailable() ?? s3ServerUnavailable() ?? clientToolsUnavailable();
if (unavailable !== undefined) {
  console.warn(`Se omite el simulacro de restauración: ${unavailable}.`);
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function s3Env(settings: S3Settings): Record<string, string> {
  return {
    S3_BUCKET: settings.bucket,
    S3_REGION: settings.region,
    S3_ENDPOINT: settings.endpoint ?? '',
    S3_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: settings.forcePathStyle ? 'true' : 'false',
  };
}

/** `pnpm --filter @cbp/api bucket:copy -- <origen> <destino>`, as the package script runs it. */
async function bucketCopy(settings: S3Settings, from: string, to: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/bucket-copy.ts', from, to],
    { cwd: apiRoot, env: { ...process.env, ...s3Env(settings), INIT_CWD: apiRoot } },
  );
  return stdout.trim();
}

async function destroyBucket(settings: S3Settings): Promise<number> {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
    const keys = (listed.Contents ?? []).flatMap((object) =>
      object.Key === undefined ? [] : [{ Key: object.Key }],
    );
    if (keys.length > 0) {
      await client.send(
        new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: keys } }),
      );
    }
    await client.send(new DeleteBucketCommand({ Bucket: settings.bucket }));
    return keys.length;
  } finally {
    client.destroy();
  }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function json(response: Response): Promise<unknown> {
  const body = await response.text();
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new Error(`respuesta ${String(response.status)} que no es JSON: ${body.slice(0, 200)}`);
  }
}

/** The account-creation link the outbox delivered to the local mailbox. */
async function creationLinkFor(server: ServerProcess, email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${server.url}/dev/correo/mensajes.json`);
    const { mensajes } = (await json(answer)) as {
      mensajes: { para: string; enlaces: string[] }[];
    };
    const link = mensajes
      .filter((message) => message.para === email)
      .flatMap((message) => message.enlaces)
      .find((url) => url.includes('/reset-password#'));
    if (link !== undefined) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no llegó el enlace para crear la contraseña de ${email}`);
}

async function samplePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  await document.attach(randomBytes(200_000), 'datos.bin', {
    mimeType: 'application/octet-stream',
  });
  return Buffer.from(await document.save());
}

describe.skipIf(unavailable !== undefined)('restore drill: PostgreSQL and the bucket', () => {
  let cluster: Cluster | undefined;
  let s3: S3TestServer | undefined;
  let work = '';
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    s3 = await startS3Server();
    work = await mkdtemp(path.join(tmpdir(), 'cbp-resiliencia-copia-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await s3?.stop();
    cluster?.stop();
    if (work !== '') await rm(work, { recursive: true, force: true });
  });

  it('brings back the client, the case and the document from pg_dump and the bucket copy', async () => {
    if (cluster === undefined || s3 === undefined) throw new Error('no cluster or S3 server');
    const secrets = {
      JWT_SECRET: randomBytes(36).toString('base64'),
      STORAGE_KEY: randomBytes(36).toString('base64'),
    };
    const start = async (databaseUrl: string, bucket: S3Settings, dataDir: string) => {
      const server = await startServerProcess({
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        ...s3Env(bucket),
        ...secrets,
        BENCH_WORKER: '1',
      });
      servers.push(server);
      return server;
    };

    // The service as it runs before the disaster.
    await adminQuery(cluster.url, 'create database cbp');
    const originalUrl = withDatabase(cluster.url, 'cbp');
    const originalBucket = await newBucket(s3.endpoint);
    const originalDataDir = path.join(work, 'instancia-original');
    const original = await start(originalUrl, originalBucket, originalDataDir);

    const email = `copia.${randomBytes(3).toString('hex')}@correo.es`;
    const lead = await fetch(`${original.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(passingLeadRequest(email)),
    });
    expect(lead.status).toBe(201);
    const password = await fetch(`${original.url}/api/auth/update-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        password: PASSWORD,
        recovery_url: await creationLinkFor(original, email),
      }),
    });
    expect(password.status).toBe(200);
    const signedIn = async (server: ServerProcess) => {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      return ((await json(login)) as { session: { access_token: string } }).session.access_token;
    };
    const accountToken = await signedIn(original);

    const pdf = await samplePdf();
    const tusHeaders = { authorization: `Bearer ${accountToken}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${original.url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'upload-length': String(pdf.length),
        'upload-metadata': `documentId ${Buffer.from(DOCUMENT_ENTRY).toString('base64')},filename ${Buffer.from('dni.pdf').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const patched = await fetch(`${original.url}${created.headers.get('location') ?? ''}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: pdf,
    });
    expect(patched.status).toBe(200);
    const stored = uploadResultSchema.parse(await json(patched)).data.documento.archivo;
    if (stored === null) throw new Error('la subida no guardó el archivo');

    // The backups, taken while the instance serves: the dump first, then the bucket.
    const backup = path.join(work, 'copia');
    const dumpFile = path.join(backup, 'cbp.dump');
    const bucketFolder = path.join(backup, 'bucket');
    let started = performance.now();
    await mkdir(backup, { recursive: true });
    await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, originalUrl]);
    const dumpMs = performance.now() - started;
    started = performance.now();
    const backupSummary = await bucketCopy(
      originalBucket,
      `s3://${originalBucket.bucket}`,
      bucketFolder,
    );
    const bucketBackupMs = performance.now() - started;

    // The disaster: database, bucket and the instance's own folder gone.
    await original.stop();
    await adminQuery(cluster.url, 'drop database cbp with (force)');
    const objectsLost = await destroyBucket(originalBucket);
    await rm(originalDataDir, { recursive: true, force: true });
    expect(objectsLost).toBeGreaterThan(0);

    // The restore: a new database and a new bucket, both filled from the backups.
    started = performance.now();
    await run('createdb', [`--maintenance-db=${cluster.url}`, 'cbp_restaurada']);
    const restoredUrl = withDatabase(cluster.url, 'cbp_restaurada');
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile]);
    const restoreMs = performance.now() - started;
    const restoredBucket = await newBucket(s3.endpoint);
    started = performance.now();
    const restoreSummary = await bucketCopy(
      restoredBucket,
      bucketFolder,
      `s3://${restoredBucket.bucket}`,
    );
    const bucketRestoreMs = performance.now() - started;

    const restored = await start(restoredUrl, restoredBucket, path.join(work, 'instancia-nueva'));
    const authorization = { authorization: `Bearer ${await signedIn(restored)}` };

    const status = await fetch(`${restored.url}/api/case/status`, { headers: authorization });
    expect(status.status).toBe(200);
    caseStatusResponseSchema.parse(await json(status));
    const overview = documentsOverviewResponseSchema.parse(
      await json(await fetch(`${restored.url}/api/documents`, { headers: authorization })),
    ).data;
    const listed = overview.checklist.holders['1']?.personal.find(
      (entry) => entry.archivo?.id === stored.id,
    );
    expect(listed?.archivo).toMatchObject({ id: stored.id, name: 'dni.pdf', size: pdf.length });
    const download = await fetch(`${restored.url}/api/documents/files/${stored.id}/content`, {
      headers: authorization,
    });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(pdf)).toBe(true);

    report('Simulacro de restauración (PostgreSQL y bucket)', [
      [
        'volcado pg_dump -Fc',
        `${String((await stat(dumpFile)).size)} bytes, ${dumpMs.toFixed(0)} ms`,
      ],
      ['copia del bucket', `${backupSummary} (${bucketBackupMs.toFixed(0)} ms)`],
      ['objetos destruidos', objectsLost],
      ['createdb + pg_restore', `${restoreMs.toFixed(0)} ms`],
      ['vuelta al bucket', `${restoreSummary} (${bucketRestoreMs.toFixed(0)} ms)`],
      ['documento descargado tras restaurar', `${String(bytes.length)} bytes, idéntico`],
    ]);
  });
});
