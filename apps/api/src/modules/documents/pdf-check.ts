import type { FileHandle } from 'node:fs/promises';

/**
 * What a PDF's structure says without parsing its objects: whether it ends the way a complete
 * PDF ends and whether its trailer names an encryption dictionary (decision 0472). Reads a few
 * windows of the file, never the whole of it, so its memory does not grow with the file.
 */
export type PdfStructure = 'readable' | 'encrypted' | 'unreadable';

/** Where readers look for the header and for `%%EOF` (ISO 32000-1, 7.5.2 and 7.5.5, with slack). */
const HEAD_BYTES = 1024;
const TAIL_BYTES = 2048;
/** A trailer or cross-reference stream dictionary is far smaller than this. */
const DICTIONARY_WINDOW = 64 * 1024;
/** How far past a classic xref table's start the `trailer` keyword is looked for. */
const TABLE_SCAN_LIMIT = 8 * 1024 * 1024;
const SCAN_CHUNK = 256 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

const isWhite = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/**
 * The dictionary that starts at the first `<<` of `bytes`, up to its matching `>>`, skipping
 * literal strings (which may hold unbalanced brackets) and hex strings. Undefined when it does
 * not close inside the window.
 */
export function balancedDictionary(bytes: Buffer): Buffer | undefined {
  const start = bytes.indexOf('<<');
  if (start === -1) return undefined;
  let depth = 0;
  let index = start;
  while (index < bytes.length) {
    const byte = bytes[index];
    if (byte === 0x28 /* ( */) {
      let nesting = 1;
      index += 1;
      while (index < bytes.length && nesting > 0) {
        const inner = bytes[index];
        if (inner === 0x5c /* \ */) index += 1;
        else if (inner === 0x28) nesting += 1;
        else if (inner === 0x29) nesting -= 1;
        index += 1;
      }
      continue;
    }
    if (byte === 0x3c /* < */) {
      if (bytes[index + 1] === 0x3c) {
        depth += 1;
        index += 2;
        continue;
      }
      const close = bytes.indexOf('>', index + 1);
      if (close === -1) return undefined;
      index = close + 1;
      continue;
    }
    if (byte === 0x3e /* > */ && bytes[index + 1] === 0x3e) {
      depth -= 1;
      index += 2;
      if (depth === 0) return bytes.subarray(start, index);
      continue;
    }
    index += 1;
  }
  return undefined;
}

/** A name key as a whole token: `/Encrypt` but not `/EncryptMetadata`. */
function hasKey(dictionary: Buffer, key: string): boolean {
  const text = dictionary.toString('latin1');
  return new RegExp(`/${key}(?![A-Za-z0-9#._-])`).test(text);
}

function judge(dictionary: Buffer): PdfStructure {
  if (!hasKey(dictionary, 'Root')) return 'unreadable';
  return hasKey(dictionary, 'Encrypt') ? 'encrypted' : 'readable';
}

/** The offset after the last `startxref` of the tail, if it is followed by a number and `%%EOF`. */
function lastStartXref(tail: Buffer): number | undefined {
  const at = tail.lastIndexOf('startxref');
  if (at === -1) return undefined;
  const match = /^startxref\s+(\d{1,15})\s+%%EOF/.exec(tail.subarray(at).toString('latin1'));
  if (match?.[1] === undefined) return undefined;
  return Number(match[1]);
}

/** The trailer dictionary after a classic `xref` table that starts at `offset`. */
async function trailerAfterTable(
  handle: FileHandle,
  offset: number,
  size: number,
): Promise<Buffer | undefined> {
  const keyword = Buffer.from('trailer', 'latin1');
  let position = offset;
  const end = Math.min(size, offset + TABLE_SCAN_LIMIT);
  while (position < end) {
    const chunk = await readAt(handle, position, Math.min(SCAN_CHUNK, end - position));
    if (chunk.length === 0) return undefined;
    const found = chunk.indexOf(keyword);
    if (found !== -1) {
      return balancedDictionary(
        await readAt(handle, position + found + keyword.length, DICTIONARY_WINDOW),
      );
    }
    // Overlap by the keyword's length so a keyword split between two chunks is still found.
    position += Math.max(1, chunk.length - keyword.length);
  }
  return undefined;
}

/** The dictionary of the cross-reference section `startxref` points at: a table's trailer or an xref stream's. */
async function sectionDictionary(
  handle: FileHandle,
  offset: number,
  size: number,
): Promise<Buffer | undefined> {
  if (offset >= size) return undefined;
  const window = await readAt(handle, offset, Math.min(DICTIONARY_WINDOW, size - offset));
  let start = 0;
  while (isWhite(window[start])) start += 1;
  const text = window.subarray(start, start + 32).toString('latin1');
  if (text.startsWith('xref')) return trailerAfterTable(handle, offset + start, size);
  // A cross-reference stream: "12 0 obj << /Type /XRef ... >> stream".
  if (isDigit(window[start]) && /^\d+\s+\d+\s+obj/.test(text)) {
    const dictionary = balancedDictionary(window.subarray(start));
    if (dictionary !== undefined && hasKey(dictionary, 'Type')) return dictionary;
  }
  return undefined;
}

/**
 * When `startxref` points nowhere useful (files that readers repair silently), the last trailer
 * or cross-reference stream dictionary of the tail stands for it.
 */
function dictionaryInTail(tail: Buffer): Buffer | undefined {
  const trailer = tail.lastIndexOf('trailer');
  if (trailer !== -1) return balancedDictionary(tail.subarray(trailer));
  const xrefStream = tail.toString('latin1').lastIndexOf('/XRef');
  if (xrefStream === -1) return undefined;
  const opening = tail.subarray(0, xrefStream).lastIndexOf('<<');
  return opening === -1 ? undefined : balancedDictionary(tail.subarray(opening));
}

/**
 * Checks a PDF on disk: `%PDF-` in the first kilobyte, `startxref` and `%%EOF` at the end (an
 * upload cut short has neither), and a last trailer that has a /Root and no /Encrypt. Memory used
 * is a few windows of at most 256 KiB whatever the file's size.
 */
export async function checkPdfStructure(handle: FileHandle, size: number): Promise<PdfStructure> {
  const head = await readAt(handle, 0, Math.min(HEAD_BYTES, size));
  if (head.indexOf('%PDF-') === -1) return 'unreadable';
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const tail = await readAt(handle, tailStart, size - tailStart);
  if (tail.lastIndexOf('%%EOF') === -1) return 'unreadable';
  const offset = lastStartXref(tail);
  const fromOffset =
    offset === undefined ? undefined : await sectionDictionary(handle, offset, size);
  const dictionary = fromOffset ?? dictionaryInTail(tail);
  return dictionary === undefined ? 'unreadable' : judge(dictionary);
}
