import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { deriveKey } from '../../lib/secrets';
import { DiskStorage } from './disk';
import { S3Storage } from './s3';
import type { DocumentStorage } from './types';

export { DiskStorage, deleteFilesOlderThan } from './disk';
export { DocumentIntegrityError } from './encryption';
export { S3Storage, type S3StorageSettings } from './s3';
export {
  type DocumentStorage,
  InvalidStorageKeyError,
  type PutOptions,
  StorageNotFoundError,
  type StoredObject,
  assertValidStorageKey,
} from './types';

/** The folder under DATA_DIR that holds documents when no bucket is configured. */
export const DISK_STORAGE_DIR = 'documentos';

/**
 * S3 when S3_BUCKET is set, otherwise the local disk under DATA_DIR/documentos. `secret` is
 * STORAGE_KEY or, in embedded mode, the one {@link resolveStorageKey} keeps beside the data.
 */
export function createDocumentStorage(config: AppConfig, secret: string): DocumentStorage {
  const masterKey = deriveKey(secret, 'document-storage');
  if (config.storage.s3 !== undefined) return new S3Storage(config.storage.s3, masterKey);
  return new DiskStorage(path.join(config.dataDir, DISK_STORAGE_DIR), masterKey);
}

/** A fresh opaque key; `scope` groups a lead's documents (letters, digits, '-', '_'). */
export function newStorageKey(scope?: string): string {
  const name = randomUUID();
  return scope === undefined ? name : `${scope}/${name}`;
}
