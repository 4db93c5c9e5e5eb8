import type { Readable } from 'node:stream';

export interface StoredObject {
  /** Bytes of the plaintext, as the client sent them. */
  size: number;
  /** SHA-256 of the plaintext, hex. */
  sha256: string;
}

export interface PutOptions {
  /** Aborts the write; nothing is left stored. */
  signal?: AbortSignal;
}

/**
 * Where uploaded documents live, encrypted at rest in every implementation. Keys are made by
 * the server (see {@link newStorageKey}), never taken from a file name.
 */
export interface DocumentStorage {
  readonly kind: 'disk' | 's3';
  /**
   * Stores the body under the key, replacing what was there. Resolves once the object is
   * complete and durable; until then nothing under the key changes. Rejects (and leaves nothing
   * behind) if the body stream errors or the signal aborts.
   */
  put(key: string, body: Readable, options?: PutOptions): Promise<StoredObject>;
  /**
   * The plaintext as a stream. Rejects with {@link StorageNotFoundError} when the key has no
   * object. The stream errors if the stored bytes were altered or cut short.
   */
  get(key: string): Promise<Readable>;
  /** Removes the object; a key with no object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes what writes that never finished left behind (a process killed while storing), last
   * touched before `olderThan`; answers how many. Writes in progress are younger than that.
   */
  deleteStaleTemporary(olderThan: Date): Promise<number>;
}

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
  constructor(readonly key: string) {
    super(`no stored object for key ${key}`);
  }
}

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
  constructor(readonly key: string) {
    super('invalid storage key');
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/**
 * Keys are slash-separated segments of letters, digits, '-', '_' and '.', never starting with
 * a dot and never containing '..', so no key can name a path outside the storage root or a
 * temporary file.
 */
export function assertValidStorageKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    key.includes('..') ||
    !key.split('/').every((segment) => SEGMENT.test(segment))
  ) {
    throw new InvalidStorageKeyError(key);
  }
}
