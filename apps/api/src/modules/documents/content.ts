import { fileTooLargeMessage, RULES } from '@cbp/core';
import { fileTypeFromBuffer } from 'file-type';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

export type UploadKind = 'pdf' | 'jpeg' | 'png';

export interface AcceptedUpload {
  ok: true;
  kind: UploadKind;
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png';
  extension: 'pdf' | 'jpg' | 'png';
  /** What to store: the PDF as received, images re-encoded without metadata. */
  body: Buffer;
  /** Bytes received (before re-encoding). */
  receivedBytes: number;
}

export type UploadRefusalReason =
  | 'too-large'
  | 'empty'
  | 'heic'
  | 'unsupported-type'
  | 'encrypted-pdf'
  | 'unreadable-pdf'
  | 'unreadable-image';

export interface RefusedUpload {
  ok: false;
  reason: UploadRefusalReason;
  /** Spanish, for the person uploading. */
  message: string;
}

export type UploadInspection = AcceptedUpload | RefusedUpload;

export const UPLOAD_MESSAGES = {
  empty: 'El archivo está vacío. Vuelve a elegirlo o haz la foto de nuevo.',
  heic: 'Las fotos HEIC del iPhone no se admiten: expórtala como JPG (en el iPhone, Ajustes > Cámara > Formatos > Más compatible) o haz una captura de pantalla de la foto.',
  unsupportedType: 'Solo se admiten archivos PDF, JPG o PNG.',
  encryptedPdf:
    'El PDF está protegido con contraseña. Ábrelo, guárdalo o imprímelo como PDF sin contraseña y vuelve a subirlo.',
  unreadablePdf:
    'No hemos podido leer el PDF: puede estar dañado o incompleto. Vuelve a descargarlo o a escanearlo y súbelo de nuevo.',
  unreadableImage:
    'No hemos podido leer la imagen: puede estar dañada o incompleta. Haz la foto de nuevo o súbela en PDF.',
} as const;

export interface InspectOptions {
  /** Shown in the size message, as the person named the file. */
  fileName: string;
  maxBytes?: number;
}

const HEIF_TYPES = new Set(['heic', 'heif', 'avif']);

/**
 * Decides by content alone (never the name or the browser's type) whether an upload is a PDF,
 * JPEG or PNG that the firm can open. Reads at most `maxBytes + 1` bytes: a longer stream is
 * refused as soon as it passes the limit. The accepted body is held in memory (a PDF must be
 * parsed whole), so callers should bound how many uploads run at once.
 */
export async function inspectUpload(
  source: Readable | string,
  options: InspectOptions,
): Promise<UploadInspection> {
  const maxBytes = options.maxBytes ?? RULES.documents.maxFileBytes;
  const bytes =
    typeof source === 'string'
      ? await readFileUpTo(source, maxBytes)
      : await readStreamUpTo(source, maxBytes);
  if (bytes === undefined) {
    return { ok: false, reason: 'too-large', message: fileTooLargeMessage(options.fileName) };
  }
  if (bytes.length === 0) return refuse('empty', UPLOAD_MESSAGES.empty);

  const detected = await fileTypeFromBuffer(bytes);
  if (detected !== undefined && HEIF_TYPES.has(detected.ext)) {
    return refuse('heic', UPLOAD_MESSAGES.heic);
  }
  switch (detected?.mime) {
    case 'application/pdf':
      return inspectPdf(bytes);
    case 'image/jpeg':
      return reencodeImage(bytes, 'jpeg');
    case 'image/png':
      return reencodeImage(bytes, 'png');
    default:
      return refuse('unsupported-type', UPLOAD_MESSAGES.unsupportedType);
  }
}

function refuse(reason: UploadRefusalReason, message: string): RefusedUpload {
  return { ok: false, reason, message };
}

async function inspectPdf(bytes: Buffer): Promise<UploadInspection> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    return refuse('unreadable-pdf', UPLOAD_MESSAGES.unreadablePdf);
  }
  if (document.isEncrypted) return refuse('encrypted-pdf', UPLOAD_MESSAGES.encryptedPdf);
  try {
    if (document.getPageCount() === 0) {
      return refuse('unreadable-pdf', UPLOAD_MESSAGES.unreadablePdf);
    }
  } catch {
    return refuse('unreadable-pdf', UPLOAD_MESSAGES.unreadablePdf);
  }
  return {
    ok: true,
    kind: 'pdf',
    mimeType: 'application/pdf',
    extension: 'pdf',
    body: bytes,
    receivedBytes: bytes.length,
  };
}

/**
 * Phone photos carry the place they were taken (EXIF GPS) and the camera: re-encoding drops all
 * metadata. rotate() applies the EXIF orientation first, so the photo still shows upright.
 */
async function reencodeImage(bytes: Buffer, kind: 'jpeg' | 'png'): Promise<UploadInspection> {
  try {
    const image = sharp(bytes, { failOn: 'error' }).rotate();
    const body =
      kind === 'jpeg'
        ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
        : await image.png().toBuffer();
    return kind === 'jpeg'
      ? {
          ok: true,
          kind,
          mimeType: 'image/jpeg',
          extension: 'jpg',
          body,
          receivedBytes: bytes.length,
        }
      : {
          ok: true,
          kind,
          mimeType: 'image/png',
          extension: 'png',
          body,
          receivedBytes: bytes.length,
        };
  } catch {
    return refuse('unreadable-image', UPLOAD_MESSAGES.unreadableImage);
  }
}

/** The whole stream, or undefined (and the stream destroyed) once it passes `maxBytes`. */
async function readStreamUpTo(source: Readable, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += piece.length;
    if (total > maxBytes) {
      source.destroy();
      return undefined;
    }
    chunks.push(piece);
  }
  return Buffer.concat(chunks, total);
}

async function readFileUpTo(file: string, maxBytes: number): Promise<Buffer | undefined> {
  return readStreamUpTo(createReadStream(file), maxBytes);
}
