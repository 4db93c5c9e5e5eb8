import { RULES, fileTooLargeMessage } from '@cbp/core';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, inspectUpload } from '../src/modules/documents/content';

const fileName = 'nomina-marzo.pdf';

async function makePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  page.drawText('Nómina de marzo', { font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

/** A PDF whose trailer names a standard security handler, as password-protected PDFs do. */
async function makeEncryptedPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  const encrypt = document.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: '0123456789abcdef0123456789abcdef',
    U: '0123456789abcdef0123456789abcdef',
    P: -44,
  });
  document.context.trailerInfo.Encrypt = document.context.register(encrypt);
  const bytes = Buffer.from(await document.save({ useObjectStreams: false }));
  expect(bytes.includes(Buffer.from('/Encrypt'))).toBe(true);
  return bytes;
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
    const fromStream = await inspectUpload(Readable.from([pdf]), { fileName });
    expect(fromStream).toMatchObject({
      ok: true,
      kind: 'pdf',
      mimeType: 'application/pdf',
      extension: 'pdf',
    });
    expect(fromStream.ok && fromStream.body.equals(pdf)).toBe(true);
    const file = path.join(dir, 'escritura.bin');
    await writeFile(file, pdf);
    expect(await inspectUpload(file, { fileName })).toMatchObject({ ok: true, kind: 'pdf' });
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
      const after = await sharp(result.body).metadata();
      expect(after.format).toBe(format);
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(result.body.includes(Buffer.from('CamaraSecreta'))).toBe(false);
      expect(result.body.includes(Buffer.from('GPS'))).toBe(false);
      // Orientation 6 is a quarter turn: the 40 x 20 photo is shown 20 wide and 40 high.
      expect([after.width, after.height]).toEqual([20, 40]);
    },
  );

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
