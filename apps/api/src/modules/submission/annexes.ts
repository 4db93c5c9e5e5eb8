import type { StoredMimeType } from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  degrees,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  rgb,
  StandardFonts,
  type PDFDict,
  type PDFFont,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import sharp from 'sharp';

// Nothing is resized twice: libvips' cache of operations would only hold memory.
sharp.cache(false);
import { MAX_IMAGE_PIXELS } from '../documents/content';
import { A4, fitText, INK, MUTED, toWinAnsi } from '../contract/pdf-layout';

/** One annex to append: its header line and how to read its file (decrypted) when its turn comes. */
export interface AnnexSource {
  title: string;
  open(): Promise<{
    mimeType: StoredMimeType;
    content: Readable;
    fileName: string;
    /** The plaintext's size, so the file is read into one buffer without a second copy. */
    size: number;
  }>;
}

/** The whole stream in one buffer of the size it announces, read chunk by chunk. */
async function readWhole(content: Readable, size: number): Promise<Uint8Array> {
  const whole = Buffer.allocUnsafe(size);
  let offset = 0;
  for await (const chunk of content) {
    const piece = chunk as Buffer;
    if (offset + piece.length > size) throw new Error('stored file longer than its size');
    piece.copy(whole, offset);
    offset += piece.length;
  }
  if (offset !== size) throw new Error('stored file shorter than its size');
  return whole;
}

/** Where the parts go as soon as each is complete, and how the build reports its progress. */
export interface PartSink {
  /** Stores one finished part; returns its key, size and SHA-256. */
  store(bytes: Uint8Array): Promise<{ storageKey: string; size: number; sha256: string }>;
  /** Called after each annex (progress, heartbeat); may throw to stop the build. */
  annexDone(done: number): Promise<void>;
}

/** What an annex chunk of a part carries, for the letter's list of parts. */
export interface PartContent {
  annex: number;
  /** 1-based pages of the annex in this part. */
  fromPage: number;
  toPage: number;
  /** The annex's total pages. */
  ofPages: number;
}

export interface BuiltPart {
  numero: number;
  storageKey: string;
  sha256: string;
  bytes: number;
  paginas: number;
  contenido: PartContent[];
}

const MARGIN = 36;
const HEADER_BAND = 22;
const HEADER_SIZE = 8;
/**
 * A4 at about 200 dpi (decision 0581): what a printed page needs, and what keeps a phone photo
 * from weighing megabytes in the bank file.
 */
export const PRINT_PIXELS = { short: 1654, long: 2339 } as const;
const JPEG_QUALITY = 80;
/** A part's fixed objects (catalog, page tree, info) over what its pages measure one by one. */
const PART_OVERHEAD = 4096;

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
async function downsampleImages(document: PDFDocument): Promise<void> {
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
function notePage(target: PDFDocument, font: PDFFont, lines: readonly string[]): PDFPage {
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

const unreadableLines = (fileName: string): string[] => [
  'No se ha podido incorporar el contenido de este archivo a este documento.',
  `El despacho conserva el original (${fileName}) en el expediente y lo aporta por separado si la entidad lo pide.`,
];
const oversizeLines = (fileName: string, page: number): string[] => [
  `La hoja ${String(page)} de este archivo es demasiado grande para enviarla en esta solicitud.`,
  `El despacho conserva el original (${fileName}) en el expediente y lo aporta por separado si la entidad lo pide.`,
];

/**
 * Gives every stream of a loaded PDF its own bytes. Loaded from a Buffer, pdf-lib's parser takes
 * each stream as `Buffer#slice`, a view into the whole file, and copying a page keeps the view: one
 * small content stream in the part would keep the whole file in memory until the part is saved
 * (decision 0583). Done after the images are brought down, so the ones replaced are not copied.
 */
function ownStreams(document: PDFDocument, file: Uint8Array): void {
  const context = document.context;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && object.contents.buffer === file.buffer) {
      context.assign(ref, PDFRawStream.of(object.dict, new Uint8Array(object.contents)));
    }
  }
}

/** A photo on its own A4 page (landscape when the image is), scaled to fit below the header. */
async function imagePage(document: PDFDocument, jpeg: Uint8Array): Promise<PDFPage> {
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

/** Makes one page in `document` (copied from an annex, a photo, or a note) and returns it. */
type PageMaker = (document: PDFDocument, font: PDFFont) => Promise<PDFPage>;

interface OpenPart {
  document: PDFDocument;
  font: PDFFont;
  bytes: number;
  pages: number;
  contenido: PartContent[];
}

async function openPart(): Promise<OpenPart> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  return { document, font, bytes: PART_OVERHEAD, pages: 0, contenido: [] };
}

/**
 * Makes a page at the end of the part and weighs what it added: the objects numbered after the
 * part's last one (the page, its content, its images, its header). Object streams only make the
 * saved part smaller than this.
 */
async function addWeighed(part: OpenPart, make: PageMaker) {
  const context = part.document.context;
  const before = context.largestObjectNumber;
  await make(part.document, part.font);
  let bytes = 0;
  const added: PDFRef[] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (ref.objectNumber <= before) continue;
    added.push(ref);
    bytes += object.sizeInBytes() + 32;
  }
  return { bytes, added };
}

/** Takes back the last page and every object it added. */
function removeLast(part: OpenPart, added: readonly PDFRef[]): void {
  part.document.removePage(part.document.getPageCount() - 1);
  for (const ref of added) part.document.context.delete(ref);
}

/**
 * Builds the annexes into parts of at most `partBytes` each, one annex and one page at a time
 * (decision 0581): a PDF's images are brought down to print size, each page is copied once into
 * the current part and weighed by what it added; when it does not fit, it is taken back, the part
 * is written to storage and the page goes into a new one. Part 1 is kept open (it also carries the
 * letter, `firstPartReserve` bytes) and returned unsaved for the caller to put the letter in
 * front. Every annex page carries 'Anexo N: …'. A file that cannot be read gets a page saying so;
 * a single page above the budget too.
 */
export class PartBuilder {
  private readonly parts: BuiltPart[] = [];
  private current: OpenPart | null = null;

  private constructor(
    private readonly first: OpenPart,
    private readonly partBytes: number,
    private readonly firstPartReserve: number,
    private readonly sink: PartSink,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async create(options: {
    partBytes: number;
    firstPartReserve: number;
    sink: PartSink;
    log: FastifyBaseLogger;
  }): Promise<PartBuilder> {
    return new PartBuilder(
      await openPart(),
      options.partBytes,
      options.firstPartReserve,
      options.sink,
      options.log,
    );
  }

  /** The open part: the first while it has room, then the later ones. */
  private target(): OpenPart {
    return this.current ?? this.first;
  }

  private budgetOf(part: OpenPart): number {
    return part === this.first ? this.partBytes - this.firstPartReserve : this.partBytes;
  }

  private async closeCurrent(): Promise<void> {
    const part = this.current;
    if (part === null || part.pages === 0) return;
    const bytes = await part.document.save({ objectsPerTick: 20 });
    if (bytes.length >= this.partBytes) {
      throw new Error(
        `part of ${String(bytes.length)} bytes over the ${String(this.partBytes)} budget`,
      );
    }
    const stored = await this.sink.store(bytes);
    this.parts.push({
      numero: 0,
      storageKey: stored.storageKey,
      sha256: stored.sha256,
      bytes: stored.size,
      paginas: part.pages,
      contenido: part.contenido,
    });
    this.current = null;
  }

  private record(part: OpenPart, bytes: number, annex: number, page: number, ofPages: number) {
    part.bytes += bytes;
    part.pages += 1;
    const last = part.contenido.at(-1);
    if (last?.annex === annex && last.toPage === page - 1) last.toPage = page;
    else part.contenido.push({ annex, fromPage: page, toPage: page, ofPages });
  }

  /**
   * Places one page: in the open part if it fits, else in a new part; false when it does not fit
   * even alone in a part (nothing of it is left behind).
   */
  private async place(make: PageMaker, annex: number, page: number, ofPages: number) {
    let part = this.target();
    let weighed = await addWeighed(part, make);
    if (part.bytes + weighed.bytes <= this.budgetOf(part)) {
      this.record(part, weighed.bytes, annex, page, ofPages);
      return true;
    }
    removeLast(part, weighed.added);
    // The first part stays open for the letter even when full; the later ones close when full.
    await this.closeCurrent();
    part = await openPart();
    this.current = part;
    weighed = await addWeighed(part, make);
    if (part.bytes + weighed.bytes <= this.partBytes) {
      this.record(part, weighed.bytes, annex, page, ofPages);
      return true;
    }
    removeLast(part, weighed.added);
    return false;
  }

  private async placeNote(
    annex: number,
    page: number,
    ofPages: number,
    lines: string[],
    title: string,
  ) {
    const note: PageMaker = (document, font) => {
      const made = notePage(document, font, lines);
      drawHeader(made, font, title);
      return Promise.resolve(made);
    };
    await this.place(note, annex, page, ofPages);
  }

  /** Appends one annex (1-based `number`), page by page. */
  async add(number: number, annex: AnnexSource): Promise<void> {
    let fileName = 'archivo';
    let source: PDFDocument | null = null;
    let jpeg: Buffer | null = null;
    try {
      const file = await annex.open();
      fileName = file.fileName;
      const bytes = await readWhole(file.content, file.size);
      if (file.mimeType === 'application/pdf') {
        source = await PDFDocument.load(bytes, { updateMetadata: false });
        if (source.getPageCount() === 0) source = null;
        else {
          await downsampleImages(source);
          ownStreams(source, bytes);
        }
      } else {
        jpeg = await printJpeg(bytes);
      }
    } catch (error) {
      this.log.warn(
        { err: error, anexo: annex.title },
        'Anexo que no se ha podido incorporar al PDF',
      );
      source = null;
      jpeg = null;
    }
    if (jpeg !== null) {
      const image = jpeg;
      const photoPage: PageMaker = async (document, font) => {
        const page = await imagePage(document, image);
        drawHeader(page, font, annex.title);
        return page;
      };
      if (!(await this.place(photoPage, number, 1, 1))) {
        await this.placeNote(number, 1, 1, oversizeLines(fileName, 1), annex.title);
      }
    } else if (source !== null) {
      const from = source;
      const total = from.getPageCount();
      for (let index = 0; index < total; index += 1) {
        const copyPage: PageMaker = async (document, font) => {
          const [copied] = await document.copyPages(from, [index]);
          if (copied === undefined) throw new Error('page copy returned nothing');
          const page = document.addPage(copied);
          drawHeader(page, font, annex.title);
          return page;
        };
        let placed: boolean;
        try {
          placed = await this.place(copyPage, number, index + 1, total);
        } catch (error) {
          this.log.warn(
            { err: error, anexo: annex.title, hoja: index + 1 },
            'Hoja de un anexo que no se ha podido copiar',
          );
          await this.placeNote(number, index + 1, total, unreadableLines(fileName), annex.title);
          continue;
        }
        if (!placed) {
          this.log.warn(
            { anexo: annex.title, hoja: index + 1 },
            'Hoja de un anexo mayor que una parte',
          );
          await this.placeNote(
            number,
            index + 1,
            total,
            oversizeLines(fileName, index + 1),
            annex.title,
          );
        }
        await nextTurn();
      }
    } else {
      await this.placeNote(number, 1, 1, unreadableLines(fileName), annex.title);
    }
    source = null;
    jpeg = null;
    await this.sink.annexDone(number);
    await nextTurn();
  }

  /**
   * Writes the last part and answers part 1's document (unsaved, for the letter to go in front)
   * with what it carries, and the later parts as stored, numbered from 2.
   */
  async finish(): Promise<{
    first: { document: PDFDocument; pages: number; contenido: PartContent[] };
    later: BuiltPart[];
  }> {
    await this.closeCurrent();
    // Its fonts are written before its pages are copied in behind the letter.
    await this.first.document.flush();
    return {
      first: this.first,
      later: this.parts.map((part, index) => ({ ...part, numero: index + 2 })),
    };
  }
}

/** A part's content as the letter and the screen name it: 'anexos 1 a 3 y anexo 4 (hojas 1 a 9 de 20)'. */
export function describeContent(contenido: readonly PartContent[]): string {
  const pieces: string[] = [];
  let run: { from: number; to: number } | null = null;
  const flush = () => {
    if (run === null) return;
    pieces.push(
      run.from === run.to
        ? `anexo ${String(run.from)}`
        : `anexos ${String(run.from)} a ${String(run.to)}`,
    );
    run = null;
  };
  for (const item of contenido) {
    const whole = item.fromPage === 1 && item.toPage === item.ofPages;
    if (whole && run !== null && run.to === item.annex - 1) {
      run.to = item.annex;
      continue;
    }
    flush();
    if (whole) {
      run = { from: item.annex, to: item.annex };
    } else {
      const pages =
        item.fromPage === item.toPage
          ? `hoja ${String(item.fromPage)}`
          : `hojas ${String(item.fromPage)} a ${String(item.toPage)}`;
      pieces.push(`anexo ${String(item.annex)} (${pages} de ${String(item.ofPages)})`);
    }
  }
  flush();
  if (pieces.length <= 1) return pieces[0] ?? '';
  return `${pieces.slice(0, -1).join(', ')} y ${pieces.at(-1) ?? ''}`;
}

/** Stores bytes as a stream of one chunk (the storage reads streams). */
export const streamOf = (bytes: Uint8Array) =>
  Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
