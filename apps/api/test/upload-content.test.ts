import { RULES, fileTooLargeMessage } from '@cbp/core';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { MAX_IMAGE_PIXELS, UPLOAD_MESSAGES, inspectUpload } from '../src/modules/documents/content';
import { makeEncryptedPdf } from './uploads';

const fileName = 'nomina-marzo.pdf';

async function makePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  page.drawText('Nómina de marzo', { font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

async function photoWithExif(format: 'jpeg' | 'png'): Promise<Buffer> {
  const base = sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
  });
  const exif = {
    IFD0: { Make: 'CamaraSecreta', Model: 'ModeloSecreto' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '40/1 25/1 0/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '3/1 42/1 0/1',
    },
  };
  const encoded = format === 'jpeg' ? base.jpeg() : base.png();
  return encoded.withMetadata({ orientation: 6 }).withExifMerge(exif).toBuffer();
}

/** The 24-byte ISO-BMFF box an iPhone HEIC photo starts with. */
const heicHeader = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic', 'latin1'),
  Buffer.alloc(64),
]);

describe('inspectUpload', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cbp-subidas-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts a PDF, from a stream or a file, and keeps it as received', async () => {
    const pdf = await makePdf();
    const fromStream = await inspectUpload(Readable.from([pdf]), { fileName, tempDir: dir });
    expect(fromStream).toMatchObject({
      ok: true,
      kind: 'pdf',
      mimeType: 'application/pdf',
      extension: 'pdf',
    });
    if (!fromStream.ok) return;
    expect((await buffer(fromStream.open())).equals(pdf)).toBe(true);
    await fromStream.dispose();
    // The spooled copy is gone once disposed; only the test's own files stay.
    expect(await readdir(dir)).toEqual([]);
    const file = path.join(dir, 'escritura.bin');
    await writeFile(file, pdf);
    const fromFile = await inspectUpload(file, { fileName });
    expect(fromFile).toMatchObject({ ok: true, kind: 'pdf' });
    if (fromFile.ok) await fromFile.dispose();
    // A file source is inspected where it is and never removed.
    expect(await readdir(dir)).toEqual(['escritura.bin']);
  });

  it('refuses a password-protected PDF, saying what to do', async () => {
    const result = await inspectUpload(Readable.from([await makeEncryptedPdf()]), { fileName });
    expect(result).toEqual({
      ok: false,
      reason: 'encrypted-pdf',
      message: UPLOAD_MESSAGES.encryptedPdf,
    });
    expect(UPLOAD_MESSAGES.encryptedPdf).toContain('sin contraseña');
  });

  it('refuses a locked PDF whose trailer is a cross-reference stream', async () => {
    const locked = await makeEncryptedPdf(true);
    expect(locked.includes(Buffer.from('/XRef'))).toBe(true);
    expect(await inspectUpload(Readable.from([locked]), { fileName })).toMatchObject({
      ok: false,
      reason: 'encrypted-pdf',
    });
  });

  it('accepts a PDF saved with object streams and one with a later update appended', async () => {
    const compact = await makePdf();
    expect(compact.includes(Buffer.from('/XRef'))).toBe(true);
    const first = await inspectUpload(Readable.from([compact]), { fileName });
    expect(first).toMatchObject({ ok: true, kind: 'pdf' });
    if (first.ok) await first.dispose();

    const classic = await PDFDocument.create();
    classic.addPage([300, 200]);
    const bytes = Buffer.from(await classic.save({ useObjectStreams: false }));
    const xrefAt = bytes.lastIndexOf('xref');
    const update = Buffer.from(
      `\n1 0 obj\n<< /Producer (Escáner) >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 2 /Root 1 0 R /Prev ${String(xrefAt)} >>\nstartxref\n${String(bytes.length + 1)}\n%%EOF\n`,
      'latin1',
    );
    const updated = await inspectUpload(Readable.from([bytes, update]), { fileName });
    expect(updated).toMatchObject({ ok: true, kind: 'pdf' });
    if (updated.ok) await updated.dispose();
  });

  it('refuses a PDF cut short, as an interrupted download leaves it', async () => {
    const pdf = await makePdf();
    const result = await inspectUpload(Readable.from([pdf.subarray(0, pdf.length - 200)]), {
      fileName,
    });
    expect(result).toMatchObject({ ok: false, reason: 'unreadable-pdf' });
  });

  it('refuses a damaged PDF', async () => {
    const pdf = await makePdf();
    const result = await inspectUpload(Readable.from([pdf.subarray(0, 40)]), { fileName });
    expect(result).toEqual({
      ok: false,
      reason: 'unreadable-pdf',
      message: UPLOAD_MESSAGES.unreadablePdf,
    });
  });

  it('refuses a text file named .pdf, and anything that is not PDF, JPG or PNG', async () => {
    const text = Buffer.from('Esto es una nómina escrita a mano, no un PDF.\n');
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const body of [text, gif, Buffer.from('PK\u0003\u0004zip')]) {
      expect(await inspectUpload(Readable.from([body]), { fileName })).toEqual({
        ok: false,
        reason: 'unsupported-type',
        message: 'Solo se admiten archivos PDF, JPG o PNG.',
      });
    }
  });

  it('refuses iPhone HEIC photos, explaining how to send them as JPG', async () => {
    const result = await inspectUpload(Readable.from([heicHeader]), { fileName: 'IMG_0001.HEIC' });
    expect(result).toMatchObject({ ok: false, reason: 'heic' });
    expect(!result.ok && result.message).toContain('expórtala como JPG');
  });

  it('refuses an empty file', async () => {
    expect(await inspectUpload(Readable.from([]), { fileName })).toMatchObject({
      ok: false,
      reason: 'empty',
    });
  });

  it('refuses a file above the limit with the spec message, reading no more than limit + 1 bytes', async () => {
    const limit = RULES.documents.maxFileBytes;
    let produced = 0;
    const piece = Buffer.alloc(1024 * 1024);
    const endless = new Readable({
      read() {
        produced += piece.length;
        this.push(piece);
      },
    });
    const result = await inspectUpload(endless, { fileName: 'escritura.pdf' });
    expect(result).toEqual({
      ok: false,
      reason: 'too-large',
      message: fileTooLargeMessage('escritura.pdf'),
    });
    expect(result.ok || result.message).toBe('El archivo escritura.pdf excede el límite de 50MB');
    expect(produced).toBeLessThan(limit + 4 * piece.length);
    expect(endless.destroyed).toBe(true);

    const exactly = await inspectUpload(
      Readable.from([Buffer.from('%PDF-'), Buffer.alloc(limit - 5)]),
      { fileName },
    );
    expect(exactly).toMatchObject({ ok: false, reason: 'unreadable-pdf' });
  });

  it.each(['jpeg', 'png'] as const)(
    're-encodes a %s photo without its EXIF (GPS, camera), upright',
    async (format) => {
      const photo = await photoWithExif(format);
      const before = await sharp(photo).metadata();
      expect(before.exif).toBeDefined();
      expect(before.orientation).toBe(6);
      expect(photo.includes(Buffer.from('CamaraSecreta'))).toBe(true);

      const result = await inspectUpload(Readable.from([photo]), { fileName: `foto.${format}` });
      expect(result).toMatchObject({ ok: true, kind: format });
      if (!result.ok) return;
      const body = await buffer(result.open());
      await result.dispose();
      const after = await sharp(body).metadata();
      expect(after.format).toBe(format);
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(body.includes(Buffer.from('CamaraSecreta'))).toBe(false);
      expect(body.includes(Buffer.from('GPS'))).toBe(false);
      // Orientation 6 is a quarter turn: the 40 x 20 photo is shown 20 wide and 40 high.
      expect([after.width, after.height]).toEqual([20, 40]);
    },
  );

  it('refuses an image with more pixels than the limit before decoding it', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // The header claims 10.000 x 10.000 pixels; the CRC of IHDR is written again to match.
    const huge = Buffer.from(png);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await inspectUpload(Readable.from([huge]), { fileName: 'plano.png' })).toEqual({
      ok: false,
      reason: 'image-too-large',
      message: UPLOAD_MESSAGES.imageTooLarge,
    });
  });

  it('refuses a JPEG that cannot be decoded', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(50, 0xff)]);
    expect(await inspectUpload(Readable.from([broken]), { fileName: 'dni.jpg' })).toEqual({
      ok: false,
      reason: 'unreadable-image',
      message: UPLOAD_MESSAGES.unreadableImage,
    });
  });
});
