/**
 * `pnpm --filter @cbp/api bucket:copy -- <origen> <destino>`: copies every object of a bucket
 * (or of a folder made by an earlier copy) to an empty folder or bucket, byte for byte. The
 * backup of the documents and its restore are this same command with the arguments swapped.
 * Each side is `s3://bucket[/prefijo]` or a folder; the S3 service is the one the server's
 * S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE name.
 * The objects are already encrypted with STORAGE_KEY: the copy never sees a document in clear.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { s3SettingsFromEnv } from '../src/config';

type Location = { kind: 's3'; bucket: string; prefix: string } | { kind: 'folder'; dir: string };

interface Entry {
  /** Relative to the location: the object's key without the prefix, or the file's path. */
  key: string;
  size: number;
}

class CopyError extends Error {
  override name = 'CopyError';
}

const PARALLEL_COPIES = 4;

function locationOf(argument: string): Location {
  if (argument.startsWith('s3://')) {
    const [bucket = '', ...rest] = argument.slice('s3://'.length).split('/');
    if (bucket === '')
      throw new CopyError(`«${argument}» no nombra un bucket (s3://bucket/prefijo)`);
    const prefix = rest.filter((part) => part !== '').join('/');
    return { kind: 's3', bucket, prefix: prefix === '' ? '' : `${prefix}/` };
  }
  return { kind: 'folder', dir: path.resolve(process.env.INIT_CWD ?? process.cwd(), argument) };
}

function describe(location: Location): string {
  return location.kind === 's3' ? `s3://${location.bucket}/${location.prefix}` : location.dir;
}

/** A key becomes a path under a folder: nothing that could climb out of it or mean two things. */
function assertSafeKey(key: string): void {
  const parts = key.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) {
    throw new CopyError(`el objeto «${key}» tiene un nombre que no se puede copiar a una carpeta`);
  }
}

function s3Client(bucket: string): S3Client {
  const settings = s3SettingsFromEnv({ ...process.env, S3_BUCKET: bucket });
  if (settings === undefined) throw new CopyError('falta la configuración de S3');
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
    forcePathStyle: settings.forcePathStyle,
  });
}

class Side {
  private client: S3Client | undefined;

  constructor(readonly location: Location) {}

  private s3(): S3Client {
    if (this.location.kind !== 's3') throw new Error('not a bucket');
    this.client ??= s3Client(this.location.bucket);
    return this.client;
  }

  async list(): Promise<Entry[]> {
    const location = this.location;
    if (location.kind === 'folder') {
      let names: string[];
      try {
        names = await readdir(location.dir, { recursive: true });
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
        throw error;
      }
      const entries: Entry[] = [];
      for (const name of names) {
        const info = await stat(path.join(location.dir, name));
        if (info.isFile()) entries.push({ key: name.split(path.sep).join('/'), size: info.size });
      }
      return entries;
    }
    const entries: Entry[] = [];
    let token: string | undefined;
    do {
      const page = await this.s3().send(
        new ListObjectsV2Command({
          Bucket: location.bucket,
          Prefix: location.prefix === '' ? undefined : location.prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        entries.push({ key: object.Key.slice(location.prefix.length), size: object.Size ?? 0 });
      }
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return entries;
  }

  async read(key: string): Promise<Readable> {
    const location = this.location;
    if (location.kind === 'folder') return createReadStream(path.join(location.dir, key));
    const answer = await this.s3().send(
      new GetObjectCommand({ Bucket: location.bucket, Key: `${location.prefix}${key}` }),
    );
    const body = answer.Body;
    if (body === undefined || !('pipe' in body)) {
      throw new CopyError(`S3 respondió sin contenido para «${key}»`);
    }
    return body;
  }

  async write(key: string, body: Readable): Promise<void> {
    const location = this.location;
    if (location.kind === 'folder') {
      const file = path.join(location.dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Under another name until complete: a copy cut short leaves no file that looks whole.
      const partial = `${file}.copiando`;
      await pipeline(body, createWriteStream(partial));
      await rename(partial, file);
      return;
    }
    await new Upload({
      client: this.s3(),
      params: { Bucket: location.bucket, Key: `${location.prefix}${key}`, Body: body },
      leavePartsOnError: false,
    }).done();
  }

  close(): void {
    this.client?.destroy();
  }
}

function totalBytes(entries: Entry[]): number {
  return entries.reduce((total, entry) => total + entry.size, 0);
}

async function copy(fromArgument: string, toArgument: string): Promise<void> {
  const from = new Side(locationOf(fromArgument));
  const to = new Side(locationOf(toArgument));
  try {
    const existing = await to.list();
    if (existing.length > 0) {
      throw new CopyError(
        `el destino ${describe(to.location)} no está vacío (${String(existing.length)} objetos): copia a un bucket o una carpeta vacíos, para no mezclar una copia con otra`,
      );
    }
    const entries = await from.list();
    for (const entry of entries) assertSafeKey(entry.key);
    const queue = [...entries];
    const workers = Array.from({ length: PARALLEL_COPIES }, async () => {
      for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
        await to.write(entry.key, await from.read(entry.key));
      }
    });
    await Promise.all(workers);

    const copied = await to.list();
    const sizes = new Map(copied.map((entry) => [entry.key, entry.size]));
    const different = entries.filter((entry) => sizes.get(entry.key) !== entry.size);
    if (copied.length !== entries.length || different.length > 0) {
      throw new CopyError(
        `la copia no coincide con el origen: ${String(entries.length)} objetos en el origen, ${String(copied.length)} en el destino, ${String(different.length)} con otro tamaño`,
      );
    }
    const megabytes = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format(
      totalBytes(entries) / 1_000_000,
    );
    process.stdout.write(
      `Copiados ${String(entries.length)} objetos (${megabytes} MB) de ${describe(from.location)} a ${describe(to.location)}; el destino tiene los mismos nombres y tamaños.\n`,
    );
  } finally {
    from.close();
    to.close();
  }
}

const [fromArgument, toArgument, ...extra] = process.argv.slice(2).filter((arg) => arg !== '--');
if (fromArgument === undefined || toArgument === undefined || extra.length > 0) {
  process.stderr.write(
    'Uso: pnpm --filter @cbp/api bucket:copy -- <origen> <destino>\n' +
      '  Cada uno es s3://bucket[/prefijo] o una carpeta; el destino debe estar vacío.\n' +
      '  El servicio S3 es el de S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY y S3_FORCE_PATH_STYLE.\n',
  );
  process.exit(2);
}
try {
  await copy(fromArgument, toArgument);
} catch (error) {
  process.stderr.write(
    `No se pudo copiar: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
