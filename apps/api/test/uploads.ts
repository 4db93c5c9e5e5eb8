/** What the upload tests share: files to send, tus requests as a client makes them, downloads. */
import { UPLOAD_PATH } from '@cbp/core';
import { request as httpRequest } from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DetailedError, Upload } from 'tus-js-client';
import { expect } from 'vitest';
import type { JsonResponse, TestServer } from './helpers';

export async function makePdf(pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    document.addPage([300, 200]).drawText(`Nómina, página ${String(index + 1)}`, { font });
  }
  return Buffer.from(await document.save());
}

/** A PDF whose trailer names a standard security handler, as password-protected PDFs do. */
export async function makeEncryptedPdf(useObjectStreams = false): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  const encrypt = document.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: '0123456789abcdef0123456789abcdef',
    U: '0123456789abcdef0123456789abcdef',
    P: -44,
  });
  document.context.trailerInfo.Encrypt = document.context.register(encrypt);
  const bytes = Buffer.from(await document.save({ useObjectStreams }));
  expect(bytes.includes(Buffer.from('/Encrypt'))).toBe(true);
  return bytes;
}

export const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

export const metadataHeader = (documentId: string, filename: string) =>
  `documentId ${base64(documentId)},filename ${base64(filename)}`;

export const PATCH_HEADERS = {
  'Upload-Offset': '0',
  'Content-Type': 'application/offset+octet-stream',
};

export interface TusResult {
  status: number;
  body: unknown;
  url: string | null;
}

/** A whole upload with tus-js-client, as the web client does it; resolves with the last answer. */
export function tusUpload(
  server: TestServer,
  token: string,
  body: Buffer,
  metadata: Record<string, string>,
  options: { chunkSize?: number; uploadUrl?: string } = {},
): Promise<TusResult> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(body, {
      endpoint: `${server.url}${UPLOAD_PATH}`,
      headers: { Authorization: `Bearer ${token}` },
      metadata,
      retryDelays: null,
      ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
      ...(options.uploadUrl === undefined ? {} : { uploadUrl: options.uploadUrl }),
      onSuccess: ({ lastResponse }) => {
        resolve({
          status: lastResponse.getStatus(),
          body: JSON.parse(lastResponse.getBody()) as unknown,
          url: upload.url,
        });
      },
      onError: (error) => {
        if (error instanceof DetailedError && error.originalResponse !== null) {
          const answer = error.originalResponse;
          resolve({
            status: answer.getStatus(),
            body: JSON.parse(answer.getBody()) as unknown,
            url: upload.url,
          });
        } else reject(error);
      },
    });
    upload.start();
  });
}

export interface TusRequestInit {
  method: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
}

/** One raw tus request (POST, HEAD, PATCH or DELETE), with or without a session. */
export async function tusRequest(
  server: TestServer,
  token: string | undefined,
  pathname: string,
  init: TusRequestInit,
): Promise<JsonResponse> {
  if (init.method === 'HEAD') {
    // A HEAD answer has headers only, even when it is a refusal.
    const response = await fetch(`${server.url}${pathname}`, {
      method: 'HEAD',
      headers: {
        'Tus-Resumable': '1.0.0',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
    });
    return { status: response.status, headers: response.headers, body: undefined, text: '' };
  }
  return server.request(pathname, {
    method: init.method,
    headers: {
      'Tus-Resumable': '1.0.0',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

/** Starts an upload of `size` bytes and answers its path (`Location`). */
export async function createUpload(
  server: TestServer,
  token: string,
  size: number,
  documentId = '1/certificado-renta-aeat',
): Promise<string> {
  const created = await tusRequest(server, token, UPLOAD_PATH, {
    method: 'POST',
    headers: {
      'Upload-Length': String(size),
      'Upload-Metadata': metadataHeader(documentId, 'nomina.pdf'),
    },
  });
  expect(created.status, created.text).toBe(201);
  const location = created.headers.get('location') ?? '';
  expect(location).toMatch(new RegExp(`^${UPLOAD_PATH}/[0-9a-f]{32}$`));
  return location;
}

/** The client's download of one of the case's files. */
export async function download(server: TestServer, token: string, fileId: string) {
  const response = await fetch(`${server.url}/api/documents/files/${fileId}/content`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * A PATCH from `offset` that announces the rest of `body` but whose connection drops once the
 * bytes up to `cut` are sent, as a phone losing its signal leaves it.
 */
export async function interruptedPatch(
  server: TestServer,
  token: string,
  location: string,
  body: Buffer,
  offset: number,
  cut: number,
): Promise<void> {
  await new Promise<void>((resolve) => {
    const patch = httpRequest(new URL(`${server.url}${location}`), {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length - offset),
      },
    });
    patch.on('error', () => {
      resolve();
    });
    patch.write(body.subarray(offset, cut), () => {
      setTimeout(() => {
        patch.destroy();
        resolve();
      }, 200);
    });
  });
}
