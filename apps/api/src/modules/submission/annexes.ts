import type { StoredMimeType } from '@cbp/core';
import type { FastifyBaseLogger } from 'fastify';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage, type PDFRef } from 'pdf-lib';
import {
  downsampleImages,
  drawHeader,
  imagePage,
  notePage,
  ownStreams,
  oversizeLines,
  printJpeg,
  unreadableLines,
} from './annex-pages';

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

/** A part's fixed objects (catalog, page tree, info) over what its pages measure one by one. */
const PART_OVERHEAD = 4096;

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
