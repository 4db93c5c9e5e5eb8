import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ModuleApi } from '../context';

/** How a file is downloaded: as an attachment the browser neither sniffs nor runs. */
const attachmentHeaders = {
  'x-content-type-options': 'nosniff',
  // Opened by mistake in a tab, the file still runs nothing and reaches nothing.
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** RFC 5987 value: encodeURIComponent leaves ' ( ) * as they are, which the header must not. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with the name as the person gave it (RFC 6266): UTF-8 in `filename*`, and an
 * ASCII copy without accents for the few clients that read only `filename`. A lone surrogate
 * (which encodeURIComponent refuses) becomes U+FFFD, and nothing of the name can end the header.
 */
export function attachmentDisposition(fileName: string): string {
  const wellFormed = fileName.replace(LONE_SURROGATE, '\ufffd');
  const ascii = wellFormed
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(wellFormed)}`;
}

export interface Attachment {
  fileName: string;
  contentType: string;
  /** The size when it is known before sending (a stream has none of its own). */
  bytes?: number | undefined;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Sends a file as an attachment with its name, never sniffed nor run by the browser. */
    sendAttachment(content: Buffer | Uint8Array | Readable, attachment: Attachment): FastifyReply;
    /** Sends a generated PDF as an attachment named `fileName`. */
    sendPdf(
      content: Buffer | Uint8Array | Readable,
      fileName: string,
      bytes?: number,
    ): FastifyReply;
  }
}

function sendAttachment(
  this: FastifyReply,
  content: Buffer | Uint8Array | Readable,
  { fileName, contentType, bytes }: Attachment,
): FastifyReply {
  this.header('content-type', contentType);
  if (bytes !== undefined) this.header('content-length', bytes);
  return this.headers(attachmentHeaders)
    .header('content-disposition', attachmentDisposition(fileName))
    .send(content);
}

function sendPdf(
  this: FastifyReply,
  content: Buffer | Uint8Array | Readable,
  fileName: string,
  bytes?: number,
): FastifyReply {
  return this.sendAttachment(content, { fileName, contentType: 'application/pdf', bytes });
}

/** A PDF as a download route finds it. */
export interface PdfDownload {
  content: Buffer | Uint8Array | Readable;
  fileName: string;
  bytes?: number | undefined;
}

interface PdfRouteSchema<Params extends z.ZodType> {
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  params?: Params;
}

/**
 * A GET route that answers with a PDF as an attachment, uncompressed so its length holds. `open`
 * finds the file for the request; for the back-office it writes the audit line before.
 */
export function pdfRoute<Params extends z.ZodType>(
  api: ModuleApi,
  path: string,
  schema: PdfRouteSchema<Params>,
  open: (request: FastifyRequest<{ Params: z.output<Params> }>) => Promise<PdfDownload>,
): void {
  api.get(path, { schema, compress: false }, async (request, reply) => {
    const { content, fileName, bytes } = await open(
      request as FastifyRequest<{ Params: z.output<Params> }>,
    );
    return reply.sendPdf(content, fileName, bytes);
  });
}

/** Gives every reply of the app `sendAttachment` and `sendPdf`: registered once, before the modules. */
export function registerDownloads(scope: FastifyInstance): void {
  if (scope.hasReplyDecorator('sendPdf')) return;
  scope.decorateReply('sendAttachment', sendAttachment);
  scope.decorateReply('sendPdf', sendPdf);
}
