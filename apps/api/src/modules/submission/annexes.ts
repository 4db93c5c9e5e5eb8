import type { StoredMimeType } from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../documents/content';
import {
  A4,
  fitText,
  INK,
  MUTED,
  sha256Hex,
  toWinAnsi,
  type GeneratedPdf,
} from '../contract/pdf-layout';

/** One annex to append: its header line and how to read its file (decrypted) when its turn comes. */
export interface AnnexSource {
  title: string;
  open(): Promise<{ mimeType: StoredMimeType; content: Readable; fileName: string }>;
}

/** The merged document, with how many pages each part has (letter first, then each annex). */
export interface MergedPdf extends GeneratedPdf {
  letterPages: number;
  annexPages: number[];
}

const MARGIN = 36;
const HEADER_BAND = 22;
const HEADER_SIZE = 8;
/** Long side of an image annex, in pixels: an A4 page at 300 dpi. */
const IMAGE_LONG_SIDE = 3508;

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
function drawHeader(page: PDFPage, font: PDFFont, title: string): void {
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

/** The PDF's pages copied as they are; none if it has none. */
async function appendPdf(target: PDFDocument, bytes: Uint8Array): Promise<PDFPage[]> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = await target.copyPages(source, source.getPageIndices());
  return pages.map((page) => target.addPage(page));
}

/**
 * A photo or scan on one A4 page (landscape when the image is), scaled to fit below the header.
 * Re-encoded at A4 300 dpi as JPEG, so a 48-megapixel photo does not make a 50 MB annex.
 */
async function appendImage(target: PDFDocument, bytes: Uint8Array): Promise<PDFPage[]> {
  const jpeg = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({
      width: IMAGE_LONG_SIDE,
      height: IMAGE_LONG_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const image = await target.embedJpg(jpeg);
  const landscape = image.width > image.height;
  const [pageWidth, pageHeight] = landscape ? [A4[1], A4[0]] : A4;
  const page = target.addPage([pageWidth, pageHeight]);
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
  return [page];
}

/** A page saying the file could not be merged: the annex keeps its place and its number. */
function placeholderPage(target: PDFDocument, font: PDFFont, fileName: string): PDFPage[] {
  const page = target.addPage(A4);
  const lines = [
    'No se ha podido incorporar el contenido de este archivo a este documento.',
    `El despacho conserva el original (${fileName}) en el expediente y lo aporta por separado si la entidad lo pide.`,
  ];
  lines.forEach((line, index) => {
    page.drawText(fitText(toWinAnsi(line, font), font, 10, A4[0] - 2 * MARGIN - 20), {
      x: MARGIN + 20,
      y: A4[1] - 120 - index * 16,
      size: 10,
      font,
      color: MUTED,
    });
  });
  return [page];
}

/**
 * The letter followed by each annex in order, one file read at a time: PDFs by copying their
 * pages, photos on an A4 page each; every annex page carries the line 'Anexo N: …'. A file that
 * cannot be read or merged gets a page that says so, so the numbering and the list still agree
 * (docs/decisions/0513-application-pdf.md).
 */
export async function mergeAnnexes(
  letter: Uint8Array,
  annexes: readonly AnnexSource[],
  log: FastifyBaseLogger,
): Promise<MergedPdf> {
  const merged = await PDFDocument.load(letter, { updateMetadata: false });
  const letterPages = merged.getPageCount();
  const font = await merged.embedFont(StandardFonts.Helvetica);
  const annexPages: number[] = [];
  for (const annex of annexes) {
    let pages: PDFPage[] = [];
    let fileName = 'archivo';
    try {
      const file = await annex.open();
      fileName = file.fileName;
      const bytes = new Uint8Array(await buffer(file.content));
      pages =
        file.mimeType === 'application/pdf'
          ? await appendPdf(merged, bytes)
          : await appendImage(merged, bytes);
    } catch (error) {
      log.warn({ err: error, anexo: annex.title }, 'Anexo que no se ha podido incorporar al PDF');
      pages = [];
    }
    if (pages.length === 0) pages = placeholderPage(merged, font, fileName);
    for (const page of pages) drawHeader(page, font, annex.title);
    annexPages.push(pages.length);
  }
  const bytes = await merged.save();
  return { bytes, sha256: sha256Hex(bytes), letterPages, annexPages };
}
