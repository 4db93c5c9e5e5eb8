import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deriveKey } from '../src/lib/secrets';
import {
  DiskStorage,
  type DocumentStorage,
  InvalidStorageKeyError,
  S3Storage,
  StorageNotFoundError,
  newStorageKey,
} from '../src/providers/storage';
import { CHUNK_BYTES, HEADER_BYTES } from '../src/providers/storage/encryption';
import { newBucket, rawBucket } from './s3-server';

const masterKey = deriveKey('clave-de-pruebas-de-almacenamiento-0123456789', 'document-storage');
const MARKER = Buffer.from('DNI 12345678Z · Nómina de marzo de María Pérez');

/** Reaches the stored (encrypted) bytes behind the implementation, as an attacker with the disk or bucket would. */
interface RawAccess {
  read(key: string): Promise<Buffer>;
  write(key: string, bytes: Buffer): Promise<void>;
  /** Every object or file left in the store, including temporary files and unfinished uploads. */
  leftovers(): Promise<string[]>;
}

interface Fixture {
  storage: DocumentStorage;
  raw: RawAccess;
  close(): Promise<void>;
}

async function diskFixture(): Promise<Fixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'cbp-documentos-'));
  const storage = new DiskStorage(root, masterKey);
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    storage,
    raw: {
      read: (key) => readFile(fileOf(key)),
      write: (key, bytes) => writeFile(fileOf(key), bytes),
      async leftovers() {
        const entries = await readdir(root, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
      },
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Fixture(endpoint: string): Promise<Fixture> {
  const settings = await newBucket(endpoint);
  const bucket = rawBucket(settings);
  const storage = new S3Storage(settings, masterKey);
  return {
    storage,
    raw: {
      read: async (key) => (await bucket.read(key)).body,
      write: (key, bytes) => bucket.write(key, bytes),
      async leftovers() {
        return [
          ...(await bucket.keys()),
          ...(await bucket.multipartUploads()).map((key) => `multipart:${key}`),
        ];
      },
    },
    close() {
      storage.destroy();
      bucket.destroy();
      return Promise.resolve();
    },
  };
}

/** A body that sends some bytes and then fails, like a client whose connection drops. */
function brokenBody(bytesBeforeFailure: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(randomBytes(bytesBeforeFailure));
        return;
      }
      setImmediate(() => this.destroy(new Error('connection reset by the client')));
    },
  });
}

/** Yields the buffer in uneven pieces, as a network body would arrive. */
function inPieces(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (
    let offset = 0, size = 1000;
    offset < bytes.length;
    offset += size, size = ((size * 7) % 90_001) + 1
  ) {
    pieces.push(bytes.subarray(offset, offset + size));
  }
  return Readable.from(pieces);
}

const s3Endpoint = inject('s3Endpoint');

const fixtures: [string, () => Promise<Fixture>][] = [['DiskStorage', diskFixture]];
if (s3Endpoint !== undefined) fixtures.push(['S3Storage', () => s3Fixture(s3Endpoint)]);

describe.each(fixtures)('%s', (_name, makeFixture) => {
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await makeFixture();
  });

  afterAll(async () => {
    await fixture.close();
  });

  it.each([
    ['an empty file', 0],
    ['a few bytes', 37],
    ['exactly one chunk', CHUNK_BYTES],
    ['one chunk and one byte', CHUNK_BYTES + 1],
    ['5 MB of random bytes', 5 * 1024 * 1024],
  ])('returns %s byte for byte, with its size and SHA-256', async (_label, size) => {
    const { storage } = fixture;
    const content = randomBytes(size);
    const key = newStorageKey('lead-1');
    const stored = await storage.put(key, inPieces(content));
    expect(stored.size).toBe(size);
    const { createHash } = await import('node:crypto');
    expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await storage.exists(key)).toBe(true);
    const back = await buffer(await storage.get(key));
    expect(back.equals(content)).toBe(true);
  });

  it('stores ciphertext: the plaintext appears nowhere in the stored bytes', async () => {
    const key = newStorageKey();
    const content = Buffer.concat([MARKER, randomBytes(CHUNK_BYTES), MARKER, MARKER]);
    await fixture.storage.put(key, Readable.from([content]));
    const stored = await fixture.raw.read(key);
    expect(stored.length).toBeGreaterThan(content.length);
    expect(stored.includes(MARKER)).toBe(false);
    expect(stored.includes(MARKER.subarray(0, 12))).toBe(false);
  });

  it('replaces the object when a key is written again', async () => {
    const key = newStorageKey();
    await fixture.storage.put(key, Readable.from([Buffer.from('primera versión')]));
    await fixture.storage.put(key, Readable.from([Buffer.from('segunda versión')]));
    expect((await buffer(await fixture.storage.get(key))).toString()).toBe('segunda versión');
  });

  it.each([
    ['in the header', () => 10],
    ['in the first chunk', () => HEADER_BYTES + 5],
    ['in the last tag', (length: number) => length - 1],
  ])('refuses to return a document altered %s', async (_where, position) => {
    const key = newStorageKey();
    await fixture.storage.put(key, Readable.from([randomBytes(CHUNK_BYTES * 2 + 100)]));
    const stored = await fixture.raw.read(key);
    const at = position(stored.length);
    stored[at] = (stored[at] ?? 0) ^ 0x01;
    await fixture.raw.write(key, stored);
    await expect(buffer(await fixture.storage.get(key))).rejects.toThrow(/authentication|format/);
  });

  it.each([
    [
      'at a chunk boundary',
      (length: number) => length - ((length - HEADER_BYTES) % (CHUNK_BYTES + 16)) - 0,
    ],
    ['in the middle of a chunk', (length: number) => length - 1000],
    ['inside the header', () => 20],
  ])('refuses to return a document cut short %s', async (_where, cut) => {
    const key = newStorageKey();
    await fixture.storage.put(key, Readable.from([randomBytes(CHUNK_BYTES * 3 + 500)]));
    const stored = await fixture.raw.read(key);
    // Cutting at a boundary drops the whole final chunk: every remaining chunk still authenticates.
    const kept = stored.subarray(0, cut(stored.length));
    expect(kept.length).toBeLessThan(stored.length);
    await fixture.raw.write(key, kept);
    await expect(buffer(await fixture.storage.get(key))).rejects.toThrow(
      /cut short|authentication/,
    );
  });

  it('refuses a document with bytes appended', async () => {
    const key = newStorageKey();
    await fixture.storage.put(key, Readable.from([randomBytes(1000)]));
    const stored = await fixture.raw.read(key);
    await fixture.raw.write(key, Buffer.concat([stored, stored.subarray(HEADER_BYTES)]));
    await expect(buffer(await fixture.storage.get(key))).rejects.toThrow(/authentication/);
  });

  it('leaves nothing behind when the body fails or the write is aborted', async () => {
    const before = await fixture.raw.leftovers();
    const small = newStorageKey();
    await expect(fixture.storage.put(small, brokenBody(200_000))).rejects.toThrow(
      'connection reset by the client',
    );
    const large = newStorageKey();
    await expect(fixture.storage.put(large, brokenBody(11 * 1024 * 1024))).rejects.toThrow(
      'connection reset by the client',
    );
    const controller = new AbortController();
    const aborted = newStorageKey();
    const endless = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
      },
    });
    setTimeout(() => {
      controller.abort();
    }, 50);
    await expect(
      fixture.storage.put(aborted, endless, { signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
    for (const key of [small, large, aborted]) {
      expect(await fixture.storage.exists(key)).toBe(false);
      await expect(fixture.storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    }
    expect(await fixture.raw.leftovers()).toEqual(before);
  });

  it('deletes, and deleting twice is not an error', async () => {
    const key = newStorageKey();
    await fixture.storage.put(key, Readable.from([Buffer.from('borrar')]));
    await fixture.storage.delete(key);
    await fixture.storage.delete(key);
    expect(await fixture.storage.exists(key)).toBe(false);
    await expect(fixture.storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it.each(['../fuera', 'lead/../../etc/passwd', '..', '.tmp/x', '/absoluta', 'a//b', 'a\\b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(
        fixture.storage.put(key, Readable.from([Buffer.from('x')])),
      ).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(fixture.storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(fixture.storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it('reads with another master key fail', async () => {
    const key = newStorageKey();
    await fixture.storage.put(key, Readable.from([Buffer.from('privado')]));
    const stored = await fixture.raw.read(key);
    const { createDecryptStream } = await import('../src/providers/storage/encryption');
    const other = createDecryptStream(
      deriveKey('otra-clave-distinta-de-la-buena-0123456789', 'document-storage'),
    );
    await expect(buffer(Readable.from([stored]).pipe(other))).rejects.toThrow(/authentication/);
  });
});
