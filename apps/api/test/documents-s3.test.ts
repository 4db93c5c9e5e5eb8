/**
 * The client's documents when they go to an S3 bucket (decisions 0470, 0471): uploads staged by
 * @tus/s3-store and files stored encrypted, against the run's real S3-compatible server.
 */
import { uploadResultSchema } from '@cbp/core';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../src/config';
import { documents } from '../src/db/schema';
import { runMaintenance } from '../src/maintenance';
import { STAGING_DIR } from '../src/providers/storage/upload-staging';
import { newCaseClient, staffSession } from './case-file';
import { s3Endpoint, serverFor, variants } from './helpers';
import { newBucket, type RawBucket, rawBucket } from './s3-server';
import {
  createUpload,
  download,
  interruptedPatch,
  makePdf,
  PATCH_HEADERS,
  tusRequest,
  tusUpload,
} from './uploads';

const STAGING = `${STAGING_DIR}/`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A PDF of about `bytes` that does not compress: a scanned deed carried as an attachment. */
async function largePdf(bytes: number): Promise<Buffer> {
  const { randomBytes } = await import('node:crypto');
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([300, 200]).drawText('Escritura de la hipoteca', { font });
  await document.attach(randomBytes(bytes), 'escritura-escaneada.bin', {
    mimeType: 'application/octet-stream',
  });
  return Buffer.from(await document.save());
}

describe.skipIf(s3Endpoint === undefined).each(variants)(
  'the client’s documents in an S3 bucket on $name',
  (variant) => {
    let settings: S3Settings | undefined;
    let raw: RawBucket | undefined;
    const server = serverFor(variant, async () => {
      settings = await newBucket(s3Endpoint ?? '');
      raw = rawBucket(settings);
      return { storage: { key: undefined, s3: settings } };
    });
    afterAll(() => {
      raw?.destroy();
    });
    const bucket = () => {
      if (raw === undefined) throw new Error('the bucket was not created');
      return raw;
    };

    async function storedRow(fileId: string) {
      const [row] = await server().ctx.db.select().from(documents).where(eq(documents.id, fileId));
      if (row === undefined) throw new Error(`no document ${fileId}`);
      return row;
    }

    /** Everything an upload leaves under the staging prefix: objects and multipart uploads. */
    async function staged() {
      return {
        objects: await bucket().keys(STAGING),
        multipart: await bucket().multipartUploads(STAGING),
      };
    }

    it('stores a PDF sent in several PATCHes encrypted in the bucket; the client and the firm download its bytes', async () => {
      const client = await newCaseClient(server());
      const pdf = await makePdf(40);
      const result = await tusUpload(
        server(),
        client.token,
        pdf,
        { documentId: '1/certificado-renta-aeat', filename: 'Nómina marzo' },
        { chunkSize: Math.ceil(pdf.length / 3) },
      );
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const { documento } = uploadResultSchema.parse(result.body).data;
      expect(documento.archivo).toMatchObject({ name: 'Nómina marzo.pdf', size: pdf.length });
      const fileId = documento.archivo?.id ?? '';

      const mine = await download(server(), client.token, fileId);
      expect(mine.response.status).toBe(200);
      expect(mine.bytes.equals(pdf)).toBe(true);
      const staff = await staffSession(server());
      const firms = await fetch(`${server().url}/api/gestion/documents/${fileId}/content`, {
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(firms.status).toBe(200);
      expect(Buffer.from(await firms.arrayBuffer()).equals(pdf)).toBe(true);

      // At rest the bucket holds ciphertext only, under the case's prefix.
      const { storageKey } = await storedRow(fileId);
      expect(await bucket().keys(`${client.leadId}/`)).toEqual([storageKey]);
      const { body } = await bucket().read(storageKey);
      expect(body.length).toBeGreaterThan(pdf.length);
      expect(body.subarray(0, 4).toString('latin1')).toBe('CBPD');
      expect(body.includes(pdf.subarray(0, 64))).toBe(false);
      const middle = Math.floor(pdf.length / 2);
      expect(body.includes(pdf.subarray(middle, middle + 64))).toBe(false);

      // Once stored, nothing of the upload is left in staging: no object, part or .info.
      expect(await staged()).toEqual({ objects: [], multipart: [] });
    });

    it('stores a file above the 8 MB part size sent in 5 MB PATCHes, and gives it back byte for byte', async () => {
      const client = await newCaseClient(server());
      const pdf = await largePdf(9 * 1024 * 1024);
      expect(pdf.length).toBeGreaterThan(9 * 1024 * 1024);
      const result = await tusUpload(
        server(),
        client.token,
        pdf,
        { documentId: 'hipoteca/escritura-hipoteca', filename: 'escritura.pdf' },
        { chunkSize: 5 * 1024 * 1024 },
      );
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const fileId = uploadResultSchema.parse(result.body).data.documento.archivo?.id ?? '';
      const back = await download(server(), client.token, fileId);
      expect(back.bytes.length).toBe(pdf.length);
      expect(back.bytes.equals(pdf)).toBe(true);
      const { storageKey } = await storedRow(fileId);
      expect((await bucket().read(storageKey)).body.length).toBeGreaterThan(pdf.length);
      expect(await staged()).toEqual({ objects: [], multipart: [] });
      expect(await bucket().multipartUploads()).toEqual([]);
    });

    it('resumes an interrupted upload from the offset HEAD reports', async () => {
      const client = await newCaseClient(server());
      const pdf = await makePdf(60);
      const location = await createUpload(server(), client.token, pdf.length);
      const half = Math.floor(pdf.length / 2);
      const first = await tusRequest(server(), client.token, location, {
        method: 'PATCH',
        headers: PATCH_HEADERS,
        body: pdf.subarray(0, half),
      });
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(half));

      const cut = half + Math.floor((pdf.length - half) / 2);
      await interruptedPatch(server(), client.token, location, pdf, half, cut);
      const head = await tusRequest(server(), client.token, location, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-length')).toBe(String(pdf.length));
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(half);
      expect(offset).toBeLessThanOrEqual(cut);

      const rest = await tusRequest(server(), client.token, location, {
        method: 'PATCH',
        headers: { ...PATCH_HEADERS, 'Upload-Offset': String(offset) },
        body: pdf.subarray(offset),
      });
      expect(rest.status, rest.text).toBe(200);
      const fileId = uploadResultSchema.parse(rest.body).data.documento.archivo?.id ?? '';
      expect((await download(server(), client.token, fileId)).bytes.equals(pdf)).toBe(true);
      expect(await staged()).toEqual({ objects: [], multipart: [] });
    });

    it('removes an upload left unfinished past its expiry from the bucket, and keeps a recent one', async () => {
      const client = await newCaseClient(server());
      const pdf = await makePdf(20);
      const begin = async () => {
        const location = await createUpload(server(), client.token, pdf.length);
        const sent = await tusRequest(server(), client.token, location, {
          method: 'PATCH',
          headers: PATCH_HEADERS,
          body: pdf.subarray(0, 400),
        });
        expect(sent.status).toBe(204);
        return { location, key: `${STAGING}${location.split('/').pop() ?? ''}` };
      };
      const old = await begin();
      const recent = await begin();
      // A part too small for S3 waits as an object of its own beside the multipart upload.
      expect(await staged()).toEqual({
        objects: [old.key, recent.key]
          .sort()
          .flatMap((key) => [`${key}.info`, `${key}.part`])
          .sort(),
        multipart: [old.key, recent.key].sort(),
      });
      const info = await bucket().read(`${old.key}.info`);
      const upload = JSON.parse(info.body.toString('utf8')) as Record<string, unknown>;
      const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString();
      await bucket().write(
        `${old.key}.info`,
        Buffer.from(JSON.stringify({ ...upload, creation_date: twoDaysAgo })),
        info.metadata,
      );

      // A document being written shares the bucket; its multipart upload is not staging's.
      const writing = `${client.leadId}/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
      await bucket().beginMultipart(writing);

      await runMaintenance(server().ctx.db, server().ctx.uploads);
      expect(await staged()).toEqual({
        objects: [`${recent.key}.info`, `${recent.key}.part`],
        multipart: [recent.key],
      });
      expect(await bucket().multipartUploads(`${client.leadId}/`)).toEqual([writing]);
      expect(
        (await tusRequest(server(), client.token, old.location, { method: 'HEAD' })).status,
      ).toBe(404);
      const rest = await tusRequest(server(), client.token, recent.location, {
        method: 'PATCH',
        headers: { ...PATCH_HEADERS, 'Upload-Offset': '400' },
        body: pdf.subarray(400),
      });
      expect(rest.status, rest.text).toBe(200);
      expect(await staged()).toEqual({ objects: [], multipart: [] });
    });

    it('answers 410 to an upload past its expiry', async () => {
      const client = await newCaseClient(server());
      const location = await createUpload(server(), client.token, 1000);
      const key = `${STAGING}${location.split('/').pop() ?? ''}.info`;
      const info = await bucket().read(key);
      const upload = JSON.parse(info.body.toString('utf8')) as Record<string, unknown>;
      const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString();
      await bucket().write(
        key,
        Buffer.from(JSON.stringify({ ...upload, creation_date: twoDaysAgo })),
        info.metadata,
      );
      expect((await tusRequest(server(), client.token, location, { method: 'HEAD' })).status).toBe(
        410,
      );
      await runMaintenance(server().ctx.db, server().ctx.uploads);
      expect(await staged()).toEqual({ objects: [], multipart: [] });
    });

    it('cancelling an unfinished upload removes its multipart upload, part and .info', async () => {
      const client = await newCaseClient(server());
      const pdf = await makePdf(5);
      const location = await createUpload(server(), client.token, pdf.length);
      const sent = await tusRequest(server(), client.token, location, {
        method: 'PATCH',
        headers: PATCH_HEADERS,
        body: pdf.subarray(0, 300),
      });
      expect(sent.status).toBe(204);
      expect((await staged()).multipart).toHaveLength(1);
      const cancelled = await tusRequest(server(), client.token, location, { method: 'DELETE' });
      expect(cancelled.status).toBe(204);
      expect(await staged()).toEqual({ objects: [], multipart: [] });
    });

    it('deletes a replaced file nobody reviewed from the bucket, and keeps the new one', async () => {
      const client = await newCaseClient(server());
      const send = async (pages: number) => {
        const result = await tusUpload(server(), client.token, await makePdf(pages), {
          documentId: '1/dni-nie',
          filename: 'dni.pdf',
        });
        expect(result.status).toBe(200);
        return storedRow(uploadResultSchema.parse(result.body).data.documento.archivo?.id ?? '');
      };
      const first = await send(1);
      expect(await bucket().keys(`${client.leadId}/`)).toEqual([first.storageKey]);
      const second = await send(2);
      expect(await bucket().keys(`${client.leadId}/`)).toEqual([second.storageKey]);
      expect((await storedRow(first.id)).contentDeletedAt).not.toBeNull();
      const gone = await download(server(), client.token, first.id);
      expect(gone.response.status).toBe(404);
      expect(await staged()).toEqual({ objects: [], multipart: [] });
    });
  },
);
