import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, Readable, addAbortSignal } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDecryptStream, createEncryptStream, createMeasureStream } from './encryption';
import {
  type DocumentStorage,
  type PutOptions,
  type StoredObject,
  StorageNotFoundError,
  assertValidStorageKey,
} from './types';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, Scaleway...); AWS when undefined. */
  endpoint: string | undefined;
  /** Undefined: the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Parts of 8 MiB, two in flight: an upload holds at most about 16 MiB whatever its size. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export class S3Storage implements DocumentStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3StorageSettings,
    private readonly masterKey: Buffer,
    clientOverrides: Partial<S3ClientConfig> = {},
  ) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
      forcePathStyle: settings.forcePathStyle,
      ...clientOverrides,
    });
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredObject> {
    assertValidStorageKey(key);
    const measure = createMeasureStream();
    const encrypted = new PassThrough();
    const source = options.signal === undefined ? body : addAbortSignal(options.signal, body);
    const encrypting = pipeline(
      source,
      measure.stream,
      createEncryptStream(this.masterKey),
      encrypted,
    );
    // A multipart upload only becomes an object when completed; on any error lib-storage aborts
    // it, so a failed put leaves neither an object nor parts behind.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: key,
        Body: encrypted,
        ContentType: 'application/octet-stream',
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    const uploading = upload.done();
    try {
      await Promise.all([encrypting, uploading]);
    } catch (error) {
      // Stops whichever side is still running: the body stream or the upload waiting for it.
      encrypted.destroy(error as Error);
      await upload.abort().catch(() => undefined);
      await uploading.catch(() => undefined);
      await encrypting.catch(() => undefined);
      throw error;
    }
    return measure.result();
  }

  async get(key: string): Promise<Readable> {
    assertValidStorageKey(key);
    let response;
    try {
      response = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound) {
        throw new StorageNotFoundError(key);
      }
      throw error;
    }
    if (!(response.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
    const decrypt = createDecryptStream(this.masterKey);
    pipeline(response.Body, decrypt).catch(() => undefined);
    return decrypt;
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertValidStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return false;
      throw error;
    }
  }

  /**
   * Nothing to do: a write is a multipart upload that only becomes an object when completed, and
   * one a killed process left open is invisible; the bucket's lifecycle rule
   * (AbortIncompleteMultipartUpload) removes it (decision 0592).
   */
  deleteStaleTemporary(): Promise<number> {
    return Promise.resolve(0);
  }

  destroy(): void {
    this.client.destroy();
  }
}
