/**
 * A real S3-compatible server for the tests: moto's server (the Python package `moto` with its
 * `server` extra), started on a free port. It answers the calls the document store and
 * @tus/s3-store make, multipart ListParts included.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import {
  type BucketLocationConstraint,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../src/config';

const PYTHON = process.env.PYTHON ?? 'python3';

/** Why moto's server cannot run here, or undefined when it can. */
export function s3ServerUnavailable(): string | undefined {
  try {
    execFileSync(PYTHON, ['-c', 'import moto.server, flask, flask_cors'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return `${PYTHON} no tiene moto con su extra «server» (pip install 'moto[server]')`;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

async function answers(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(`${endpoint}/moto-api/`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export interface S3TestServer {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const child: ChildProcess = spawn(
    PYTHON,
    ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 20_000;
  while (!(await answers(endpoint))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`El servidor S3 de pruebas (moto) no arrancó: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export const TEST_S3_CREDENTIALS = { accessKeyId: 'pruebas', secretAccessKey: 'pruebas-secreto' };

/** A new, empty bucket on the server at `endpoint`, and the settings that point the API at it. */
export async function newBucket(endpoint: string): Promise<S3Settings> {
  const settings: S3Settings = {
    bucket: `cbp-${randomBytes(6).toString('hex')}`,
    region: 'eu-south-2',
    endpoint,
    credentials: TEST_S3_CREDENTIALS,
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint,
    credentials: TEST_S3_CREDENTIALS,
    forcePathStyle: true,
  });
  try {
    await client.send(
      new CreateBucketCommand({
        Bucket: settings.bucket,
        CreateBucketConfiguration: {
          LocationConstraint: settings.region as BucketLocationConstraint,
        },
      }),
    );
  } finally {
    client.destroy();
  }
  return settings;
}

/** The bucket as someone with its keys sees it, past the API: raw objects and unfinished uploads. */
export interface RawBucket {
  /** The keys of every object under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** The keys of the multipart uploads not yet completed nor aborted under `prefix`, sorted. */
  multipartUploads(prefix?: string): Promise<string[]>;
  read(key: string): Promise<{ body: Buffer; metadata: Record<string, string> }>;
  write(key: string, body: Buffer, metadata?: Record<string, string>): Promise<void>;
  /** Begins a multipart upload and leaves it open, as a write still in progress does. */
  beginMultipart(key: string): Promise<void>;
  destroy(): void;
}

export function rawBucket(settings: S3Settings): RawBucket {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
    forcePathStyle: settings.forcePathStyle,
  });
  const Bucket = settings.bucket;
  return {
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async multipartUploads(prefix) {
      const listed = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: prefix }));
      return (listed.Uploads ?? []).map((upload) => upload.Key ?? '').sort();
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      const bytes = await (answer.Body?.transformToByteArray() ?? new Uint8Array());
      return { body: Buffer.from(bytes), metadata: answer.Metadata ?? {} };
    },
    async write(key, body, metadata) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ...(metadata && { Metadata: metadata }),
        }),
      );
    },
    async beginMultipart(key) {
      await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }));
    },
    destroy() {
      client.destroy();
    },
  };
}
