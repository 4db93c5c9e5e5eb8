import { fileTooLargeMessage, RULES } from '@cbp/core';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { checkPdfStructure } from './pdf-check';

export type UploadKind = 'pdf' | 'jpeg' | 'png';

export interface AcceptedUpload {
  ok: true;
  kind: UploadKind;
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png';
  extension: 'pdf' | 'jpg' | 'png';
  /** Bytes received (before re-encoding). */
  receivedBytes: number;
  /**
   * What to store, as a new stream on each call: the PDF as received, read from disk; an image
   * re-encoded without its metadata.
   */
  open(): Readable;
  /** Removes the copy a stream source was spooled to; a file source is left as it is. */
  dispose(): Promise<void>;
}

export type UploadRefusalReason =
  | 'too-large'
  | 'empty'
  | 'heic'
  | 'unsupported-type'
  | 'encrypted-pdf'
  | 'unreadable-pdf'
  | 'unreadable-image'
  | 'image-too-large';

export interface RefusedUpload {
  ok: false;
  reason: UploadRefusalReason;
  /** Spanish, for the person uploading. */
  message: string;
}

export type UploadInspection = AcceptedUpload | RefusedUpload;

/** Decoded pixels a photo may have: a 48-megapixel phone photo and an A4 scan at 600 dpi fit. */
export const MAX_IMAGE_PIXELS = 50_000_000;

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
  imageTooLarge:
    'La imagen tiene demasiados píxeles (más de 50 megapíxeles). Haz la foto con menos resolución o súbela en PDF.',
} as const;

export interface InspectOptions {
  /** Shown in the size message, as the person named the file. */
  fileName: string;
  maxBytes?: number;
  /** Where a stream source is spooled to (the system's temporary folder by default). */
  tempDir?: string;
}

const HEIF_TYPES = new Set(['heic', 'heif', 'avif']);
/** Enough for file-type to recognise every format it knows by its first bytes. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Decides by content alone (never the name or the browser's type) whether an upload is a PDF,
 * JPEG or PNG that the firm can open. A file on disk is inspected where it is; a stream is
 * first spooled to a temporary file, reading at most `maxBytes + 1` bytes (a longer stream is
 * refused as soon as it passes the limit). A PDF is checked by its structure in bounded memory
 * (decision 0472); an image is decoded and re-encoded in memory, up to {@link MAX_IMAGE_PIXELS}.
 * An accepted result's `dispose` must be called once what it opens has been stored.
 */
export async function inspectUpload(
  source: Readable | string,
  options: InspectOptions,
): Promise<UploadInspection> {
  const maxBytes = options.maxBytes ?? RULES.documents.maxFileBytes;
  let file: string;
  let spooled = false;
  if (typeof source === 'string') {
    file = source;
  } else {
    const copy = await spool(source, maxBytes, options.tempDir ?? tmpdir());
    if (copy === undefined) return tooLarge(options.fileName);
    file = copy;
    spooled = true;
  }
  const dispose = async () => {
    if (spooled) await rm(file, { force: true });
  };
  try {
    const result = await inspectFile(file, maxBytes, options.fileName, dispose);
    if (!result.ok) await dispose();
    return result;
  } catch (error) {
    await dispose();
    throw error;
  }
}

function refuse(reason: UploadRefusalReason, message: string): RefusedUpload {
  return { ok: false, reason, message };
}

function tooLarge(fileName: string): RefusedUpload {
  return refuse('too-large', fileTooLargeMessage(fileName));
}

async function inspectFile(
  file: string,
  maxBytes: number,
  fileName: string,
  dispose: () => Promise<void>,
): Promise<UploadInspection> {
  const { size } = await stat(file);
  if (size > maxBytes) return tooLarge(fileName);
  if (size === 0) return refuse('empty', UPLOAD_MESSAGES.empty);
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const detected = await fileTypeFromBuffer(head);
    if (detected !== undefined && HEIF_TYPES.has(detected.ext)) {
      return refuse('heic', UPLOAD_MESSAGES.heic);
    }
    switch (detected?.mime) {
      case 'application/pdf': {
        const structure = await checkPdfStructure(handle, size);
        if (structure === 'encrypted') return refuse('encrypted-pdf', UPLOAD_MESSAGES.encryptedPdf);
        if (structure === 'unreadable') {
          return refuse('unreadable-pdf', UPLOAD_MESSAGES.unreadablePdf);
        }
        return {
          ok: true,
          kind: 'pdf',
          mimeType: 'application/pdf',
          extension: 'pdf',
          receivedBytes: size,
          open: () => createReadStream(file),
          dispose,
        };
      }
      case 'image/jpeg':
        return await reencodeImage(file, size, 'jpeg', dispose);
      case 'image/png':
        return await reencodeImage(file, size, 'png', dispose);
      default:
        return refuse('unsupported-type', UPLOAD_MESSAGES.unsupportedType);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Phone photos carry the place they were taken (EXIF GPS) and the camera: re-encoding drops all
 * metadata. rotate() applies the EXIF orientation first, so the photo still shows upright.
 */
async function reencodeImage(
  file: string,
  receivedBytes: number,
  kind: 'jpeg' | 'png',
  dispose: () => Promise<void>,
): Promise<UploadInspection> {
  let body: Buffer;
  try {
    // The header alone tells the size, so a huge image is refused with its own message before
    // anything is decoded; the decoder's own limit stays as a backstop.
    const { width, height } = await sharp(file, { limitInputPixels: false }).metadata();
    if (width * height > MAX_IMAGE_PIXELS) {
      return refuse('image-too-large', UPLOAD_MESSAGES.imageTooLarge);
    }
    const upright = sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    body =
      kind === 'jpeg'
        ? await upright.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
        : await upright.png().toBuffer();
  } catch {
    return refuse('unreadable-image', UPLOAD_MESSAGES.unreadableImage);
  }
  // The re-encoded bytes are what is kept: the received file is no longer needed.
  await dispose();
  const common = { ok: true, receivedBytes, open: () => Readable.from([body]), dispose } as const;
  return kind === 'jpeg'
    ? { ...common, kind, mimeType: 'image/jpeg', extension: 'jpg' }
    : { ...common, kind, mimeType: 'image/png', extension: 'png' };
}

/**
 * Copies the stream to a new temporary file, or answers undefined (the stream destroyed and the
 * copy removed) once it passes `maxBytes`.
 */
async function spool(
  source: Readable,
  maxBytes: number,
  directory: string,
): Promise<string | undefined> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const file = path.join(directory, `subida-${randomBytes(12).toString('hex')}`);
  let total = 0;
  const passed = { limit: false };
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) {
        passed.limit = true;
        callback(new Error('upload over the size limit'));
        return;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, limit, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    return file;
  } catch (error) {
    await rm(file, { force: true });
    if (passed.limit) {
      source.destroy();
      return undefined;
    }
    throw error;
  }
}
