import { createHash } from 'node:crypto';
import {
  CONTRACT_CONSENTS,
  CONTRACT_TERMS_VERSION,
  FIRM,
  RULES,
  SIGNATURE_MESSAGES,
} from '@cbp/core';
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  StandardFonts,
  type PDFObject,
} from 'pdf-lib';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/errors';
import { consentRecords, CONSENTS_MISSING_MESSAGE } from '../src/modules/contract/consents';
import {
  contractPdf,
  CONTRACT_TITLE,
  signatureSha256,
  type ContractPdfInput,
} from '../src/modules/contract/contract-pdf';
import { PDF_PRODUCER, toWinAnsi } from '../src/modules/contract/pdf-layout';
import {
  chargeConcept,
  RECEIPT_MESSAGES,
  receiptPdf,
  type ReceiptPdfInput,
} from '../src/modules/contract/receipt-pdf';

/** A signature as the pad draws it: one dark stroke on a transparent 600 × 160 canvas. */
async function drawnSignaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160"><path d="M20 120 C 80 20, 140 20, 200 110 S 320 150, 380 60 S 520 40, 580 100" stroke="#1a1a1f" stroke-width="4" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The document's text with every run of spaces, line ends and no-break spaces as one space. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes ownership of the buffer it reads, so it gets a copy.
  const proxy = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(proxy, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Same spacing as pdfText, for an expected text (amounts carry a no-break space). */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

function isImage(object: PDFObject): object is PDFRawStream {
  return (
    object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
  );
}

/** The images of the document that a page draws (a transparent PNG also has its mask). */
function pageImages(document: PDFDocument): { width: number; height: number }[] {
  const images: { width: number; height: number }[] = [];
  for (const page of document.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) {
      const object = document.context.lookup(ref);
      if (object !== undefined && isImage(object)) {
        const size = (key: string) => object.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
        images.push({ width: size('Width'), height: size('Height') });
      }
    }
  }
  return images;
}

let signaturePng: Buffer;
let input: ContractPdfInput;

beforeAll(async () => {
  signaturePng = await drawnSignaturePng();
  input = {
    termsVersion: CONTRACT_TERMS_VERSION,
    plan: RULES.plans.unico,
    paymentMethod: 'tarjeta',
    consents: consentRecords({ condiciones: true, autorizacion: true }),
    client: { fullName: 'María José Núñez Güell', email: 'mariajose@correo.es' },
    signature: { kind: 'drawn', imageDataUrl: dataUrl(signaturePng) },
    signedAt: '2026-11-25T10:15:30Z',
    ipAddress: '203.0.113.7',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    caseReference: 'lead_8f3a2c',
    firm: FIRM,
  };
});

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the signed contract', () => {
  it('is an A4 document titled as the contract, by the firm, dated when it was signed', async () => {
    const { bytes, sha256 } = await contractPdf(input);
    const document = await PDFDocument.load(bytes, { updateMetadata: false });

    expect(document.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(document.getPageCount()).toBeLessThanOrEqual(3);
    for (const page of document.getPages()) {
      expect(page.getSize().width).toBeCloseTo(595.28, 1);
      expect(page.getSize().height).toBeCloseTo(841.89, 1);
    }
    expect(document.getTitle()).toBe('Contrato de prestación de servicios y autorización expresa');
    expect(document.getAuthor()).toBe(FIRM.legalName);
    expect(document.getCreationDate()?.toISOString()).toBe('2026-11-25T10:15:30.000Z');
    expect(document.getModificationDate()?.toISOString()).toBe('2026-11-25T10:15:30.000Z');
    expect(document.getProducer()).toBe(PDF_PRODUCER);
    expect(document.getSubject()).toBe('Expediente lead_8f3a2c: Pago Único');
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('names the parties, the plan and its price with VAT included and broken down', async () => {
    const text = await pdfText((await contractPdf(input)).bytes);

    expect(text).toContain(CONTRACT_TITLE);
    expect(text).toContain('María José Núñez Güell');
    expect(text).toContain('mariajose@correo.es');
    expect(text).toContain(`${FIRM.legalName}, NIF ${FIRM.nif}`);
    expect(text).toContain('Calle Mayor, 1, 2.º, 28013 Madrid');
    expect(text).toContain('Plan Pago Único');
    expect(text).toContain('Precio total 999,00 € (IVA incluido)');
    expect(text).toContain('Base imponible 825,62 €');
    expect(text).toContain('IVA (21 %) 173,38 €');
    expect(text).toContain('Medio de pago Tarjeta');
  });

  it('adds up the split plan’s base and VAT as its receipts will', async () => {
    const text = await pdfText(
      (
        await contractPdf({
          ...input,
          plan: RULES.plans.fraccionado,
          paymentMethod: 'transferencia',
        })
      ).bytes,
    );

    expect(text).toContain('Precio total 1.489,00 € (IVA incluido)');
    expect(text).toContain('Base imponible 1.230,60 €');
    expect(text).toContain('IVA (21 %) 258,40 €');
    expect(text).toContain('Pago inicial de 499,00 € y 10 cuotas mensuales de 99,00 €');
    expect(text).toContain('Medio de pago Transferencia bancaria');
  });

  it('summarises the main terms with the figures of the rule table', async () => {
    const text = await pdfText((await contractPdf(input)).bytes);
    const { contract } = RULES;

    expect(text).toContain(`Dura como máximo ${String(contract.maxServiceMonths)} meses`);
    expect(text).toContain(
      `en un plazo de ${String(contract.withdrawalCalendarDays)} días naturales desde su celebración`,
    );
    expect(text).toContain(
      `tiene ${String(contract.cureDays)} días naturales desde que se le comunica`,
    );
    expect(text).toContain(
      'si la entidad financiera rechaza la solicitud, el despacho devuelve todo lo pagado',
    );
    expect(text).toContain(
      `versión ${CONTRACT_TERMS_VERSION}, están publicadas en la página /condiciones-generales`,
    );
  });

  it('records both consents word for word, each accepted', async () => {
    const text = await pdfText((await contractPdf(input)).bytes);

    expect(text).toContain(
      `Condiciones generales «${CONTRACT_CONSENTS.condiciones.text}» Aceptado: sí.`,
    );
    expect(text).toContain(
      `Autorización expresa «${spaced(CONTRACT_CONSENTS.autorizacion.text)}» Aceptado: sí.`,
    );
  });

  it('keeps the evidence of the signature: time in UTC, address, browser, version, case and hash', async () => {
    const text = await pdfText((await contractPdf(input)).bytes);
    const imageHash = createHash('sha256').update(signaturePng).digest('hex');

    expect(text).toContain('Reglamento (UE) n.º 910/2014 (eIDAS)');
    expect(text).toContain('Tipo de firma Firma dibujada en la pantalla');
    expect(text).toContain('Fecha y hora (UTC) 2026-11-25T10:15:30.000Z');
    expect(text).toContain('Dirección IP 203.0.113.7');
    expect(text).toContain(`Navegador (user agent) ${input.userAgent}`);
    expect(text).toContain(`Versión de las condiciones ${CONTRACT_TERMS_VERSION}`);
    expect(text).toContain('Referencia del expediente lead_8f3a2c');
    expect(text).toContain(`SHA-256 de la imagen de la firma ${imageHash}`);
    expect(signatureSha256(input.signature)).toBe(imageHash);
    expect(text).toMatch(/Página 1 de \d/);
  });

  it('embeds the drawn signature as an image', async () => {
    const document = await PDFDocument.load((await contractPdf(input)).bytes);

    expect(pageImages(document)).toEqual([{ width: 600, height: 160 }]);
  });

  it('writes a typed name as a written signature and hashes the name, with no image', async () => {
    const typed: ContractPdfInput = {
      ...input,
      signature: { kind: 'typed', name: '  María José Núñez Güell ' },
    };
    const { bytes } = await contractPdf(typed);
    const text = await pdfText(bytes);

    expect(pageImages(await PDFDocument.load(bytes))).toEqual([]);
    expect(text).toContain(
      'Firma escrita: el cliente escribió su nombre en lugar de dibujar la firma.',
    );
    expect(text).toContain('Tipo de firma Firma escrita (nombre tecleado)');
    const nameHash = createHash('sha256').update('María José Núñez Güell', 'utf8').digest('hex');
    expect(text).toContain(`SHA-256 del nombre escrito (UTF-8) ${nameHash}`);
    expect(signatureSha256(typed.signature)).toBe(nameHash);
  });

  it('gives the same bytes and the same SHA-256 for the same input, and another for another moment', async () => {
    const first = await contractPdf(input);
    const second = await contractPdf({ ...input, consents: [...input.consents] });
    const later = await contractPdf({ ...input, signedAt: '2026-11-25T10:15:31Z' });

    expect(second.sha256).toBe(first.sha256);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(later.sha256).not.toBe(first.sha256);
  });

  it('writes Spanish characters and never fails on characters the standard fonts lack', async () => {
    const { bytes } = await contractPdf({
      ...input,
      client: { fullName: 'Íñigo Ñúñez Güell 😀 Łukasz\u202Eabc', email: 'inigo@correo.es' },
      userAgent: 'Navegador ¿raro? ¡sí! con € y nº 1 — 🚀 日本',
      signature: { kind: 'typed', name: 'Íñigo 👍🏽 Ñúñez' },
    });
    const text = await pdfText(bytes);

    expect(text).toContain('Íñigo Ñúñez Güell ? Lukaszabc');
    expect(text).toContain('Navegador ¿raro? ¡sí! con € y nº 1 — ? ?');
    expect(text).toContain('Íñigo ? Ñúñez');
  });

  it('refuses a signature that is not a real PNG with a message in Spanish', async () => {
    const notPng = [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,iVBORw0KGgo=',
      `data:image/png;base64,${Buffer.from('no es una imagen, aunque lo diga').toString('base64')}`,
      // A PNG header followed by data that does not decode.
      dataUrl(Buffer.concat([signaturePng.subarray(0, 33), Buffer.alloc(64, 7)])),
    ];
    for (const imageDataUrl of notPng) {
      const error = await refusal(
        contractPdf({ ...input, signature: { kind: 'drawn', imageDataUrl } }),
      );
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe('La firma no es válida');
    }
    expect(
      (await refusal(contractPdf({ ...input, signature: { kind: 'drawn', imageDataUrl: '' } })))
        .message,
    ).toBe(SIGNATURE_MESSAGES.missing);
    expect(() => signatureSha256({ kind: 'drawn', imageDataUrl: 'firma' })).toThrow(
      'La firma no es válida',
    );
  });

  it('refuses a signature image too large to decode safely', async () => {
    const huge = Buffer.from(signaturePng);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);

    const error = await refusal(
      contractPdf({ ...input, signature: { kind: 'drawn', imageDataUrl: dataUrl(huge) } }),
    );
    expect(error.message).toBe(SIGNATURE_MESSAGES.tooLarge);
  });

  it('refuses an empty typed name, a consent not accepted and a signing time that is not one', async () => {
    expect(
      (await refusal(contractPdf({ ...input, signature: { kind: 'typed', name: '   ' } }))).message,
    ).toBe('Escribe tu nombre para firmar');
    expect(
      (
        await refusal(
          contractPdf({
            ...input,
            consents: consentRecords({ condiciones: true, autorizacion: false }),
          }),
        )
      ).message,
    ).toBe(CONSENTS_MISSING_MESSAGE);
    expect(
      (await refusal(contractPdf({ ...input, consents: input.consents.slice(0, 1) }))).message,
    ).toBe(CONSENTS_MISSING_MESSAGE);
    expect((await refusal(contractPdf({ ...input, signedAt: 'ayer' }))).message).toBe(
      'La fecha y hora de la firma no es válida.',
    );
    expect((await refusal(contractPdf({ ...input, ipAddress: 'desconocida' }))).message).toBe(
      'La dirección IP registrada no es válida.',
    );
  });
});

describe('toWinAnsi', () => {
  it('keeps every Spanish letter and sign and replaces the rest without failing', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

    expect(toWinAnsi('á é í ó ú ñ ü Á É Í Ó Ú Ñ Ü ¿ ¡ € º ª «»', font)).toBe(
      'á é í ó ú ñ ü Á É Í Ó Ú Ñ Ü ¿ ¡ € º ª «»',
    );
    expect(toWinAnsi('999,00\u00a0€', font)).toBe('999,00\u00a0€');
    expect(toWinAnsi('Ana\u2028Pérez\tRuiz\n', font)).toBe('Ana Pérez Ruiz');
    expect(toWinAnsi('Ștefan Ăvram Łucja', font)).toBe('Stefan Avram Lucja');
    expect(toWinAnsi('Ana 👨‍👩‍👧 López', font)).toBe('Ana ? López');
    expect(toWinAnsi('e\u0301', font)).toBe('é');
    expect(() => font.encodeText(toWinAnsi('日本 🚀 \u{10FFFF}', font))).not.toThrow();
  });
});

describe('the payment receipt', () => {
  let receipt: ReceiptPdfInput;

  beforeAll(() => {
    receipt = {
      receiptNumber: 'R-2026-000123',
      paidAt: '2026-11-25T23:30:00Z',
      client: { fullName: 'María José Núñez Güell', email: 'mariajose@correo.es' },
      caseReference: 'lead_8f3a2c',
      plan: RULES.plans.fraccionado,
      charge: { kind: 'instalment', number: 3 },
      payment: { method: 'transferencia', reference: 'TRF 2026/0042' },
      firm: FIRM,
    };
  });

  it('is titled as a receipt with its number, by the firm, dated when the payment arrived', async () => {
    const { bytes, sha256 } = await receiptPdf(receipt);
    const document = await PDFDocument.load(bytes, { updateMetadata: false });

    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe('Recibo de pago R-2026-000123');
    expect(document.getAuthor()).toBe(FIRM.legalName);
    expect(document.getCreationDate()?.toISOString()).toBe('2026-11-25T23:30:00.000Z');
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('states number, day in Spain, client, concept, amount with its VAT, method and issuer', async () => {
    const text = await pdfText((await receiptPdf(receipt)).bytes);

    expect(text).toContain('Recibo de pago');
    expect(text).toContain('Número de recibo R-2026-000123');
    // 23:30 UTC on 25 November is already the 26th in Madrid.
    expect(text).toContain('Fecha de pago 26/11/2026');
    expect(text).toContain('María José Núñez Güell (mariajose@correo.es)');
    expect(text).toContain('Expediente lead_8f3a2c');
    expect(text).toContain('Pago Fraccionado: cuota 3 de 10.');
    expect(text).toContain('Base imponible 81,82 €');
    expect(text).toContain('IVA (21 %) 17,18 €');
    expect(text).toContain('Total pagado 99,00 €');
    expect(text).toContain('Precio final con IVA incluido.');
    expect(text).toContain('Medio de pago Transferencia bancaria');
    expect(text).toContain('Referencia TRF 2026/0042');
    expect(text).toContain(`${FIRM.legalName}, NIF ${FIRM.nif}`);
    expect(text).toContain('La factura correspondiente se emite por separado.');
  });

  it('receipts the single payment by card: 999,00 € = 825,62 € + 173,38 €', async () => {
    const text = await pdfText(
      (
        await receiptPdf({
          ...receipt,
          plan: RULES.plans.unico,
          charge: { kind: 'single' },
          payment: { method: 'tarjeta', reference: 'pi_3Q0abc' },
        })
      ).bytes,
    );

    expect(text).toContain(
      'Honorarios por la tramitación del Código de Buenas Prácticas. Pago Único.',
    );
    expect(text).toContain('Base imponible 825,62 €');
    expect(text).toContain('IVA (21 %) 173,38 €');
    expect(text).toContain('Total pagado 999,00 €');
    expect(text).toContain('Medio de pago Tarjeta');
    expect(text).toContain('Referencia pi_3Q0abc');
  });

  it('names each charge of a plan', () => {
    const { unico, fraccionado } = RULES.plans;
    expect(chargeConcept(unico, { kind: 'single' })).toBe('Pago Único');
    expect(chargeConcept(fraccionado, { kind: 'initial' })).toBe('Pago Fraccionado: pago inicial');
    expect(chargeConcept(fraccionado, { kind: 'instalment', number: 10 })).toBe(
      'Pago Fraccionado: cuota 10 de 10',
    );
  });

  it('gives the same bytes for the same payment', async () => {
    const first = await receiptPdf(receipt);
    const second = await receiptPdf({ ...receipt, client: { ...receipt.client } });
    expect(second.sha256).toBe(first.sha256);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });

  it('refuses a charge the plan does not have, and a missing number or reference', async () => {
    expect(
      (await refusal(receiptPdf({ ...receipt, charge: { kind: 'instalment', number: 11 } })))
        .message,
    ).toBe(RECEIPT_MESSAGES.charge);
    expect((await refusal(receiptPdf({ ...receipt, plan: RULES.plans.unico }))).message).toBe(
      RECEIPT_MESSAGES.charge,
    );
    expect((await refusal(receiptPdf({ ...receipt, receiptNumber: ' ' }))).message).toBe(
      RECEIPT_MESSAGES.number,
    );
    expect(
      (
        await refusal(
          receiptPdf({ ...receipt, payment: { method: 'transferencia', reference: '' } }),
        )
      ).message,
    ).toBe(RECEIPT_MESSAGES.reference);
  });
});
