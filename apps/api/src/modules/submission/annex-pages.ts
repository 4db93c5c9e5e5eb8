import {
  degrees,
  PDFArray,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  rgb,
  type PDFDict,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { setImmediate as nextTurn } from 'node:timers/promises';
import sharp from 'sharp';
import { A4, fitText, INK, MUTED, toWinAnsi } from '../contract/pdf-layout';
import { MAX_IMAGE_PIXELS } from '../documents/content';

// Nothing is resized twice: libvips' cache of operations would only hold memory.
sharp.cache(false);

const MARGIN = 36;
const HEADER_BAND = 22;
const HEADER_SIZE = 8;
/**
 * A4 at about 200 dpi (decision 0581): what a printed page needs, and what keeps a phone photo
 * from weighing megabytes in the bank file.
 */
export const PRINT_PIXELS = { short: 1654, long: 2339 } as const;
const JPEG_QUALITY = 80;

/**
 * Where a point given as seen on screen (`across` from the visible left edge, `down` from the top)
 * lies in the page's own coordinates, for a page shown rotated by /Rotate.
 */
function pagePoint(page: PDFPage, across: number, down: number): { x: number; y: number } {
  const box = page.getCropBox();
  switch (((page.getRotation().angle % 360) + 360) % 360) {
    case 90:
      return { x: box.x + down, y: box.y + across };
    case 180:
      return { x: box.x + box.width - across, y: box.y + down };
    case 270:
      return { x: box.x + box.width - down, y: box.y + box.height - across };
    default:
      return { x: box.x + across, y: box.y + box.height - down };
  }
}

function visibleWidth(page: PDFPage): number {
  const box = page.getCropBox();
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  return angle === 90 || angle === 270 ? box.height : box.width;
}

/**
 * The annex's header line at the top of a page, on a white band so it reads over whatever the
 * page has there, upright however the page is rotated.
 */
export function drawHeader(page: PDFPage, font: PDFFont, title: string): void {
  const rotate = degrees(page.getRotation().angle);
  const width = visibleWidth(page);
  const text = fitText(toWinAnsi(title, font), font, HEADER_SIZE, width - 2 * 12);
  const band = pagePoint(page, 0, HEADER_BAND);
  page.drawRectangle({
    x: band.x,
    y: band.y,
    width: Math.min(width, font.widthOfTextAtSize(text, HEADER_SIZE) + 2 * 12),
    height: HEADER_BAND,
    rotate,
    color: rgb(1, 1, 1),
    opacity: 0.9,
  });
  const baseline = pagePoint(page, 12, HEADER_BAND - 8);
  page.drawText(text, { ...baseline, size: HEADER_SIZE, font, rotate, color: INK });
}

/** The pixel box an image of this shape is fitted into: A4 at 200 dpi, in its orientation. */
function printBox(width: number, height: number): { width: number; height: number } {
  return width > height
    ? { width: PRINT_PIXELS.long, height: PRINT_PIXELS.short }
    : { width: PRINT_PIXELS.short, height: PRINT_PIXELS.long };
}

/** A photo or scan re-encoded for print: upright by its EXIF, within A4 at 200 dpi, JPEG. */
export async function printJpeg(bytes: Uint8Array): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  return image
    .resize({ ...printBox(width, height), fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

function nameOf(dict: PDFDict, key: string): string | undefined {
  const value = dict.lookup(PDFName.of(key));
  if (value instanceof PDFName) return value.decodeText();
  if (value instanceof PDFArray && value.size() === 1) {
    const only = value.lookup(0);
    return only instanceof PDFName ? only.decodeText() : undefined;
  }
  return undefined;
}

function numberOf(dict: PDFDict, key: string): number {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : 0;
}

/**
 * The JPEG images of a PDF annex above A4 at 200 dpi, re-encoded down to it, in place: a phone's
 * scan app embeds its 12-megapixel photos as they are. Images are drawn into their unit square
 * whatever their pixel size, so the page looks the same; a soft mask may keep its own size. Only
 * plain JPEG streams in gray or RGB are touched; CMYK, decode arrays and other filters stay as
 * they are.
 */
export async function downsampleImages(document: PDFDocument): Promise<void> {
  const context = document.context;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (nameOf(dict, 'Subtype') !== 'Image' || nameOf(dict, 'Filter') !== 'DCTDecode') continue;
    if (dict.has(PDFName.of('Decode')) || dict.has(PDFName.of('ImageMask'))) continue;
    const width = numberOf(dict, 'Width');
    const height = numberOf(dict, 'Height');
    const box = printBox(width, height);
    if (width <= box.width && height <= box.height) continue;
    try {
      const meta = await sharp(object.contents).metadata();
      if (meta.space === 'cmyk' || (meta.channels !== 1 && meta.channels !== 3)) continue;
      const gray = meta.channels === 1;
      const { data, info } = await sharp(object.contents, { limitInputPixels: MAX_IMAGE_PIXELS })
        .resize({ ...box, fit: 'inside', withoutEnlargement: true })
        .toColourspace(gray ? 'b-w' : 'srgb')
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      if (data.length >= object.contents.length) continue;
      const replaced = dict.clone(context);
      replaced.set(PDFName.of('Width'), PDFNumber.of(info.width));
      replaced.set(PDFName.of('Height'), PDFNumber.of(info.height));
      replaced.set(PDFName.of('BitsPerComponent'), PDFNumber.of(8));
      replaced.set(PDFName.of('ColorSpace'), PDFName.of(gray ? 'DeviceGray' : 'DeviceRGB'));
      replaced.set(PDFName.of('Length'), PDFNumber.of(data.length));
      replaced.delete(PDFName.of('DecodeParms'));
      context.assign(ref, PDFRawStream.of(replaced, new Uint8Array(data)));
    } catch {
      // An image sharp cannot read stays as it is: the page is still copied.
    }
    await nextTurn();
  }
}

/** A page saying the file could not be merged: the annex keeps its place and its number. */
export function notePage(target: PDFDocument, font: PDFFont, lines: readonly string[]): PDFPage {
  const page = target.addPage(A4);
  lines.forEach((line, index) => {
    page.drawText(fitText(toWinAnsi(line, font), font, 10, A4[0] - 2 * MARGIN - 20), {
      x: MARGIN + 20,
      y: A4[1] - 120 - index * 16,
      size: 10,
      font,
      color: MUTED,
    });
  });
  return page;
}

export const unreadableLines = (fileName: string): string[] => [
  'No se ha podido incorporar el contenido de este archivo a este documento.',
  `El despacho conserva el original (${fileName}) en el expediente y lo aporta por separado si la entidad lo pide.`,
];
export const oversizeLines = (fileName: string, page: number): string[] => [
  `La hoja ${String(page)} de este archivo es demasiado grande para enviarla en esta solicitud.`,
  `El despacho conserva el original (${fileName}) en el expediente y lo aporta por separado si la entidad lo pide.`,
];

/**
 * Gives every stream of a loaded PDF its own bytes. Loaded from a Buffer, pdf-lib's parser takes
 * each stream as `Buffer#slice`, a view into the whole file, and copying a page keeps the view: one
 * small content stream in the part would keep the whole file in memory until the part is saved
 * (decision 0583). Done after the images are brought down, so the ones replaced are not copied.
 */
export function ownStreams(document: PDFDocument, file: Uint8Array): void {
  const context = document.context;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && object.contents.buffer === file.buffer) {
      context.assign(ref, PDFRawStream.of(object.dict, new Uint8Array(object.contents)));
    }
  }
}

/** A photo on its own A4 page (landscape when the image is), scaled to fit below the header. */
export async function imagePage(document: PDFDocument, jpeg: Uint8Array): Promise<PDFPage> {
  const image = await document.embedJpg(jpeg);
  // Written into the document now, not when it is saved, so the part can weigh it.
  await image.embed();
  const landscape = image.width > image.height;
  const [pageWidth, pageHeight] = landscape ? [A4[1], A4[0]] : A4;
  const page = document.addPage([pageWidth, pageHeight]);
  const boxWidth = pageWidth - 2 * MARGIN;
  const boxHeight = pageHeight - 2 * MARGIN - HEADER_BAND;
  const scale = Math.min(boxWidth / image.width, boxHeight / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, {
    x: (pageWidth - width) / 2,
    y: MARGIN + (boxHeight - height) / 2,
    width,
    height,
  });
  return page;
}
