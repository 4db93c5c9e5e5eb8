import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS, type KvStore } from '@tus/utils';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../../config';
import { deleteFilesOlderThan } from '../../../providers/storage';

/** The folder under DATA_DIR (and the key prefix in the bucket) of uploads still arriving. */
export const STAGING_DIR = 'subidas-en-curso';

/** An upload not finished within this time is refused (410) and removed by the maintenance job. */
export const STAGING_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** A tus upload id as this server makes them (32 hex characters), the last segment of its URL. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/** A complete upload's bytes as a file on this machine, until `release` is called. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/**
 * Where tus keeps uploads while they arrive (decision 0471): a folder under DATA_DIR, or the S3
 * bucket under `subidas-en-curso/` when documents go to S3, so any instance can resume any upload.
 */
export interface UploadStaging {
  readonly kind: 'disk' | 's3';
  readonly datastore: DataStore;
  /** Store ids carry this prefix; the URL carries only the 32 hex characters after it. */
  readonly idPrefix: string;
  /** The complete upload on local disk: the staged file itself, or a copy fetched from S3. */
  localCopy(id: string): Promise<LocalCopy>;
  remove(id: string): Promise<void>;
  /** Removes uploads that expired unfinished; answers how many. */
  deleteExpired(): Promise<number>;
  /**
   * Where complete uploads are copied to be checked (from S3, or a retrieved document): a
   * process killed meanwhile leaves its copy here.
   */
  readonly copiesDir: string;
  /** Removes copies last touched before `olderThan` (see {@link copiesDir}); answers how many. */
  deleteStaleCopies(olderThan: Date): Promise<number>;
}

/**
 * The staging bucket as tus uses it, but every instance reads an upload's state from the
 * bucket: tus's S3 store otherwise remembers each upload in the memory of the process that saw
 * it, which another instance's finish or removal leaves stale (decision 0755).
 */
class SharedS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0]) {
    super({ ...options, cache: noCache });
  }

  /** A finished upload has no multipart upload left to abort, and tus's remove then stops there. */
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
      return;
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
    });
  }
}

const noCache: KvStore<never> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

/** The folder of {@link UploadStaging.copiesDir}, inside the staging folder. */
const COPIES_DIR = 'copias';

export function createUploadStaging(config: AppConfig): UploadStaging {
  const localDir = path.join(config.dataDir, STAGING_DIR);
  // Uploads are kept as received until checked: only the server's user may read them.
  mkdirSync(localDir, { recursive: true, mode: 0o700 });
  const copies = path.join(localDir, COPIES_DIR);
  const leftovers = {
    copiesDir: copies,
    deleteStaleCopies: (olderThan: Date) => deleteFilesOlderThan(copies, olderThan),
  };
  const s3 = config.storage.s3;
  if (s3 === undefined) {
    const datastore = new FileStore({
      directory: localDir,
      expirationPeriodInMilliseconds: STAGING_EXPIRY_MS,
    });
    return {
      kind: 'disk',
      datastore,
      idPrefix: '',
      async localCopy(id) {
        const file = path.join(localDir, id);
        await stat(file);
        return { path: file, release: () => Promise.resolve() };
      },
      remove: (id) => datastore.remove(id),
      deleteExpired: () => datastore.deleteExpired(),
      ...leftovers,
    };
  }
  const datastore = new SharedS3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: STAGING_EXPIRY_MS,
    // Not every S3-compatible service has object tagging.
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint === undefined ? {} : { endpoint: s3.endpoint }),
      ...(s3.credentials === undefined ? {} : { credentials: s3.credentials }),
      forcePathStyle: s3.forcePathStyle,
    },
  });
  return {
    kind: 's3',
    datastore,
    idPrefix: `${STAGING_DIR}/`,
    async localCopy(id) {
      await mkdir(copies, { recursive: true, mode: 0o700 });
      const file = path.join(copies, randomBytes(16).toString('hex'));
      const release = () => rm(file, { force: true });
      try {
        await pipeline(
          await datastore.read(id),
          createWriteStream(file, { flags: 'wx', mode: 0o600 }),
        );
      } catch (error) {
        await release();
        throw error;
      }
      return { path: file, release };
    },
    remove: (id) => datastore.remove(id),
    deleteExpired: () => datastore.deleteExpired(),
    ...leftovers,
  };
}
