import { FileStore } from '@tus/file-store';
import { type MetadataValue, S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS, type KvStore } from '@tus/utils';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../config';
import { deleteFilesOlderThan } from './index';

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
  const datastore = new StagingS3Store(`${STAGING_DIR}/`, {
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: STAGING_EXPIRY_MS,
    // Not every S3-compatible service has object tagging.
    useTags: false,
    cache: new NoCache(),
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

/**
 * Keeps nothing, so every request reads the upload's .info from the bucket: a copy kept by one
 * process goes stale once another instance (or the maintenance job) finishes or removes it.
 */
class NoCache implements KvStore<MetadataValue> {
  get(): Promise<MetadataValue | undefined> {
    return Promise.resolve(undefined);
  }
  set(): Promise<void> {
    return Promise.resolve();
  }
  delete(): Promise<void> {
    return Promise.resolve();
  }
}

/** Where tus keeps one upload in the bucket: the multipart upload's key, its .info and its .part. */
const UPLOAD_SUFFIXES = ['', '.info', '.part'] as const;

function isMissing(error: unknown): boolean {
  return error instanceof Error && ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes(error.name);
}

/**
 * @tus/s3-store with what removing an upload must do in a bucket shared with the documents
 * (decision 0750): `remove` deletes every object of the upload (tus stops at a completed one,
 * which has no multipart upload left to abort, and never deletes the .part), and
 * `deleteExpired` looks only under the staging prefix and dates each upload by its .info's
 * creation date, as the 410 answer does, rather than by when S3 says the multipart upload began.
 */
class StagingS3Store extends S3Store {
  constructor(
    private readonly prefix: string,
    options: ConstructorParameters<typeof S3Store>[0],
  ) {
    super(options);
  }

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    }
    await this.deleteObjectsOf([id]);
  }

  override async deleteExpired(): Promise<number> {
    const expiry = this.getExpiration();
    if (expiry === 0) return 0;
    const objects = await this.objectsUnderPrefix();
    const multipart = await this.multipartUnderPrefix();
    const ids = new Set<string>();
    const firstSeen = new Map<string, number>();
    const seen = (id: string, at: Date | undefined) => {
      ids.add(id);
      const time = at?.getTime() ?? Date.now();
      firstSeen.set(id, Math.min(firstSeen.get(id) ?? time, time));
    };
    const infos = new Set<string>();
    for (const { key, at } of objects) {
      const id = key.replace(/\.(info|part)$/, '');
      if (key.endsWith('.info')) infos.add(id);
      seen(id, at);
    }
    for (const { key, at } of multipart) seen(key, at);

    const now = Date.now();
    const expired: string[] = [];
    for (const id of ids) {
      const created = infos.has(id) ? await this.creationOf(id) : firstSeen.get(id);
      if (created !== undefined && created + expiry < now) expired.push(id);
    }
    for (const id of expired) {
      for (const upload of multipart.filter((entry) => entry.key === id)) {
        await this.client
          .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: upload.uploadId })
          .catch((error: unknown) => {
            if (!isMissing(error)) throw error;
          });
      }
    }
    await this.deleteObjectsOf(expired);
    return expired.length;
  }

  /** When the upload was created, from its .info; undefined when it is already gone. */
  private async creationOf(id: string): Promise<number | undefined> {
    try {
      const answer = await this.client.getObject({ Bucket: this.bucket, Key: this.infoKey(id) });
      const info = JSON.parse((await answer.Body?.transformToString()) ?? '{}') as {
        creation_date?: unknown;
      };
      const created =
        typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : Number.NaN;
      // An .info without a readable date is a leftover: take it for as old as can be.
      return Number.isNaN(created) ? 0 : created;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private async objectsUnderPrefix(): Promise<{ key: string; at: Date | undefined }[]> {
    const found: { key: string; at: Date | undefined }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: this.prefix,
        ContinuationToken: token,
      });
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) found.push({ key: object.Key, at: object.LastModified });
      }
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return found;
  }

  private async multipartUnderPrefix(): Promise<
    { key: string; uploadId: string; at: Date | undefined }[]
  > {
    const found: { key: string; uploadId: string; at: Date | undefined }[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.listMultipartUploads({
        Bucket: this.bucket,
        Prefix: this.prefix,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      });
      for (const upload of page.Uploads ?? []) {
        if (upload.Key !== undefined && upload.UploadId !== undefined) {
          found.push({ key: upload.Key, uploadId: upload.UploadId, at: upload.Initiated });
        }
      }
      if (page.IsTruncated !== true) return found;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  private async deleteObjectsOf(ids: string[]): Promise<void> {
    const keys = ids.flatMap((id) => UPLOAD_SUFFIXES.map((suffix) => `${id}${suffix}`));
    for (let start = 0; start < keys.length; start += 999) {
      const answer = await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: {
          Objects: keys.slice(start, start + 999).map((Key) => ({ Key })),
          Quiet: true,
        },
      });
      const [failed] = answer.Errors ?? [];
      if (failed !== undefined) {
        throw new Error(`S3 did not delete ${failed.Key ?? '?'}: ${failed.Code ?? ''}`);
      }
    }
  }
}
