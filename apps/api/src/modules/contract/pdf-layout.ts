import { createHash } from 'node:crypto';
import { NBSP } from '@cbp/core';
import {
  PDFDocument,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';

/** A generated document and the SHA-256 of its bytes, in lowercase hexadecimal. */
export interface GeneratedPdf {
  bytes: Uint8Array;
  sha256: string;
}

export interface PdfMetadata {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  creator: string;
  /** Creation and modification date: the moment the document records, never the clock's. */
  date: Date;
}

export const PDF_PRODUCER = 'pdf-lib';

export const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 56;
const MARGIN_TOP = 64;
const FOOTER_Y = 32;
const CONTENT_BOTTOM = 64;
const LABEL_WIDTH = 150;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.36, 0.38, 0.42);
const RULE = rgb(0.75, 0.77, 0.8);

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Latin letters with a stroke have no decomposition to drop their accent from. */
const STROKED_LETTERS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
};

const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>();

function characterSet(font: PDFFont): ReadonlySet<number> {
  let set = characterSets.get(font);
  if (set === undefined) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/**
 * The text as the standard PDF fonts can write it (WinAnsi, which holds every Spanish letter and
 * sign: á é í ó ú ñ ü ¿ ¡ € º ª). Anything else never makes the document fail: an accented letter
 * outside WinAnsi loses its accent (ă becomes a, ł becomes l), line breaks and control characters
 * become spaces, invisible marks go, and each run of characters that cannot be written (an emoji)
 * becomes one '?', so a reader can see that something was there.
 */
export function toWinAnsi(text: string, font: PDFFont): string {
  const supported = characterSet(font);
  let out = '';
  let replacing = false;
  for (const char of text.normalize('NFC')) {
    const written = winAnsiFor(char, supported);
    if (written === null) {
      if (!replacing) out += '?';
      replacing = true;
    } else {
      out += written;
      if (written !== '') replacing = false;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** What to write for one character: itself, a stand-in, nothing (''), or null if nothing fits. */
function winAnsiFor(char: string, supported: ReadonlySet<number>): string | null {
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(char)) return ' ';
  if (supported.has(char.codePointAt(0) ?? 0)) return char;
  if (/[\u2007\u202f]/u.test(char)) return NBSP;
  if (/\p{Zs}/u.test(char)) return ' ';
  if (/[\p{Cf}\p{M}\p{Emoji_Modifier}]/u.test(char)) return '';
  const stroked = STROKED_LETTERS[char];
  if (stroked !== undefined) return stroked;
  const base = char.normalize('NFD').replace(/\p{M}/gu, '');
  const fits =
    base !== '' && Array.from(base).every((part) => supported.has(part.codePointAt(0) ?? 0));
  return fits ? base : null;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
  script: PDFFont;
}

export type FontName = keyof Fonts;

interface TextOptions {
  font?: FontName;
  size?: number;
  muted?: boolean;
  indent?: number;
  /** Extra space after the block, in points. */
  after?: number;
}

/**
 * Writes A4 pages top to bottom with the standard fonts, starting a new page when the next line
 * does not fit. Everything it draws depends only on what it is given, so the same calls give the
 * same bytes.
 */
export class PdfWriter {
  private page: PDFPage;
  private y: number;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
    this.y = A4[1] - MARGIN_TOP;
  }

  static async create(metadata: PdfMetadata): Promise<PdfWriter> {
    // Without updateMetadata: false pdf-lib stamps the current time, and the bytes would differ.
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(metadata.title, { showInWindowTitleBar: true });
    doc.setAuthor(metadata.author);
    doc.setSubject(metadata.subject);
    doc.setKeywords(metadata.keywords);
    doc.setCreator(metadata.creator);
    doc.setProducer(PDF_PRODUCER);
    doc.setCreationDate(metadata.date);
    doc.setModificationDate(metadata.date);
    doc.setLanguage('es-ES');
    const [regular, bold, mono, script] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.Courier),
      doc.embedFont(StandardFonts.TimesRomanItalic),
    ]);
    return new PdfWriter(doc, { regular, bold, mono, script });
  }

  get contentWidth(): number {
    return A4[0] - 2 * MARGIN_X;
  }

  title(text: string): void {
    this.text(text, { font: 'bold', size: 17, after: 4 });
  }

  heading(text: string): void {
    this.ensureSpace(40);
    this.y -= 10;
    this.text(text, { font: 'bold', size: 12, after: 2 });
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y + 2 },
      end: { x: A4[0] - MARGIN_X, y: this.y + 2 },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 6;
  }

  /** A paragraph, wrapped to the width of the page. */
  text(text: string, options: TextOptions = {}): void {
    const font = this.fonts[options.font ?? 'regular'];
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.35;
    for (const line of wrap(toWinAnsi(text, font), font, size, this.contentWidth - indent)) {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN_X + indent,
        y: this.y + size * 0.25,
        size,
        font,
        color: options.muted === true ? MUTED : INK,
      });
    }
    this.y -= options.after ?? 4;
  }

  /** A bulleted item. */
  bullet(text: string): void {
    const font = this.fonts.regular;
    const size = 10;
    const lineHeight = size * 1.35;
    const lines = wrap(toWinAnsi(text, font), font, size, this.contentWidth - 14);
    lines.forEach((line, index) => {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      const y = this.y + size * 0.25;
      if (index === 0) this.page.drawText('•', { x: MARGIN_X + 2, y, size, font, color: INK });
      this.page.drawText(line, { x: MARGIN_X + 14, y, size, font, color: INK });
    });
    this.y -= 3;
  }

  /** A label and its value side by side, the value wrapped in its own column. */
  field(label: string, value: string, valueFont: FontName = 'regular'): void {
    const size = 10;
    const labelFont = this.fonts.bold;
    const font = this.fonts[valueFont];
    const valueSize = valueFont === 'mono' ? 8.5 : size;
    const labelLines = wrap(toWinAnsi(label, labelFont), labelFont, size, LABEL_WIDTH - 10);
    const valueLines = wrap(
      toWinAnsi(value, font),
      font,
      valueSize,
      this.contentWidth - LABEL_WIDTH,
    );
    const lineHeight = size * 1.35;
    const rows = Math.max(labelLines.length, valueLines.length);
    this.ensureSpace(Math.min(rows, 3) * lineHeight);
    for (let row = 0; row < rows; row += 1) {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      const y = this.y + size * 0.25;
      const labelLine = labelLines[row];
      const valueLine = valueLines[row];
      if (labelLine !== undefined) {
        this.page.drawText(labelLine, { x: MARGIN_X, y, size, font: labelFont, color: INK });
      }
      if (valueLine !== undefined) {
        this.page.drawText(valueLine, {
          x: MARGIN_X + LABEL_WIDTH,
          y,
          size: valueSize,
          font,
          color: INK,
        });
      }
    }
    this.y -= 3;
  }

  /** A label with its value on the line below, for values too long for the value column. */
  stackedField(label: string, value: string, valueFont: FontName = 'regular'): void {
    this.ensureSpace(2 * 10 * 1.35);
    this.text(label, { font: 'bold', after: 0 });
    this.text(value, { font: valueFont, size: valueFont === 'mono' ? 9 : 10, after: 3 });
  }

  /** A PNG, scaled down to fit the box and keep its proportions, above a signature line. */
  signatureImage(image: PDFImage, caption: string): void {
    const scale = Math.min(1, 240 / image.width, 90 / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensureSpace(height + 40);
    this.y -= height + 6;
    this.page.drawImage(image, { x: MARGIN_X, y: this.y, width, height });
    this.signatureLine(caption);
  }

  /** A typed name, written large in a script-like face above a signature line. */
  signatureName(name: string, caption: string): void {
    const font = this.fonts.script;
    const text = toWinAnsi(name, font);
    const size = Math.max(14, Math.min(26, fitSize(text, font, 240)));
    const lines = wrap(text, font, size, this.contentWidth);
    this.ensureSpace(lines.length * size * 1.2 + 34);
    for (const line of lines) {
      this.y -= size * 1.2;
      this.page.drawText(line, { x: MARGIN_X, y: this.y + size * 0.3, size, font, color: INK });
    }
    this.signatureLine(caption);
  }

  async embedPng(bytes: Uint8Array): Promise<PDFImage> {
    return this.doc.embedPng(bytes);
  }

  /** Starts a new page unless this much height is left, so a block is not split. */
  keepTogether(height: number): void {
    this.ensureSpace(height);
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Draws the footer on every page and returns the document with its SHA-256. */
  async finish(footer: string): Promise<GeneratedPdf> {
    const pages = this.doc.getPages();
    const font = this.fonts.regular;
    const size = 8;
    const text = toWinAnsi(footer, font);
    pages.forEach((page, index) => {
      page.drawText(fitText(text, font, size, this.contentWidth - 90), {
        x: MARGIN_X,
        y: FOOTER_Y,
        size,
        font,
        color: MUTED,
      });
      const number = `Página ${String(index + 1)} de ${String(pages.length)}`;
      page.drawText(number, {
        x: A4[0] - MARGIN_X - font.widthOfTextAtSize(number, size),
        y: FOOTER_Y,
        size,
        font,
        color: MUTED,
      });
    });
    const bytes = await this.doc.save();
    return { bytes, sha256: sha256Hex(bytes) };
  }

  private signatureLine(caption: string): void {
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y - 3 },
      end: { x: MARGIN_X + 240, y: this.y - 3 },
      thickness: 0.6,
      color: MUTED,
    });
    this.y -= 6;
    this.text(caption, { size: 9, muted: true });
  }

  private ensureSpace(height: number): void {
    if (this.y - height >= CONTENT_BOTTOM) return;
    this.page = this.addPage();
    this.y = A4[1] - MARGIN_TOP;
  }

  private addPage(): PDFPage {
    return this.doc.addPage(A4);
  }
}

/** Lines of at most `width` points, broken at spaces; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  if (text === '') return [];
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    for (const char of word) {
      if (line !== '' && !fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The largest size, to a tenth of a point, at which the text is no wider than `width`. */
function fitSize(text: string, font: PDFFont, width: number): number {
  const atOne = font.widthOfTextAtSize(text, 1);
  return atOne === 0 ? Number.POSITIVE_INFINITY : Math.floor((width / atOne) * 10) / 10;
}

/** The text cut to fit one line, with an ellipsis when cut. */
export function fitText(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut !== '' && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
