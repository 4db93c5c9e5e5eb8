import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Writable, addAbortSignal } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDecryptStream, createEncryptStream, createMeasureStream } from './encryption';
import {
  type DocumentStorage,
  type PutOptions,
  type StoredObject,
  StorageNotFoundError,
  assertValidStorageKey,
} from './types';

/** Files being written; keys cannot start with a dot, so no key ever names this folder. */
const TEMPORARY_DIR = '.tmp';

export class DiskStorage implements DocumentStorage {
  readonly kind = 'disk';

  constructor(
    private readonly root: string,
    private readonly masterKey: Buffer,
  ) {}

  private pathOf(key: string): string {
    assertValidStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    const temporaryDir = path.join(this.root, TEMPORARY_DIR);
    await mkdir(temporaryDir, { recursive: true, mode: 0o700 });
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = path.join(temporaryDir, randomBytes(16).toString('hex'));
    const measure = createMeasureStream();
    const handle = await open(temporary, 'wx', 0o600);
    let renamed = false;
    try {
      const source = options.signal === undefined ? body : addAbortSignal(options.signal, body);
      await pipeline(
        source,
        measure.stream,
        createEncryptStream(this.masterKey),
        fileWriter(handle),
      );
      await handle.close();
      await rename(temporary, target);
      renamed = true;
      await syncDirectory(path.dirname(target));
      return measure.result();
    } finally {
      if (!renamed) {
        await handle.close().catch(() => undefined);
        await rm(temporary, { force: true });
      }
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    const decrypt = createDecryptStream(this.masterKey);
    // pipeline destroys the returned stream with the error when the file cannot be read or fails
    // authentication, and closes the file when the reader stops early.
    pipeline(handle.createReadStream(), decrypt).catch(() => undefined);
    return decrypt;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async deleteStaleTemporary(olderThan: Date): Promise<number> {
    return deleteFilesOlderThan(path.join(this.root, TEMPORARY_DIR), olderThan);
  }
}

/** Deletes the files directly in `directory` last modified before `olderThan`; a missing folder has none. */
export async function deleteFilesOlderThan(directory: string, olderThan: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || info.mtime >= olderThan) continue;
      await rm(file, { force: true });
      deleted += 1;
    } catch (error) {
      // Finished and renamed away between the listing and now.
      if (!isNotFound(error)) throw error;
    }
  }
  return deleted;
}

/**
 * Writes to the handle and fsyncs it before finishing: without the sync a crash after the
 * rename could leave a complete-looking name on an empty file. (A FileHandle write stream keeps
 * the handle referenced until it closes it, so it cannot be synced and closed here.)
 */
function fileWriter(handle: FileHandle): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writeAll(handle, chunk).then(() => {
        callback();
      }, callback);
    },
    final(callback) {
      handle.sync().then(() => {
        callback();
      }, callback);
    },
  });
}

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset);
    offset += bytesWritten;
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
