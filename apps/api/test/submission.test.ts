import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CODE_NAMES,
  DECLARATION_MESSAGES,
  madridDay,
  NOT_QUALIFYING_TEXTS,
  REVIEW_SERVER_MESSAGES,
  SUBMISSION_MESSAGES,
  submissionResponseSchema,
  type SubmissionView,
  UPLOAD_PATH,
} from '@cbp/core';
import { sampleHousehold } from '@cbp/core/testing';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { degrees, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  caseHistory,
  caseSubmissions,
  leads,
  signedContracts,
  submissionBuilds,
} from '../src/db/schema';
import { movedBySending } from '../src/modules/case/phases';
import { BUILD_FAILURE_MESSAGES } from '../src/modules/submission/build';
import { saveCaseFile } from '../src/modules/documents/files';
import { DISK_STORAGE_DIR } from '../src/providers/storage';
import { PartBuilder } from '../src/modules/submission/annexes';
import { measuresFor } from '../src/modules/submission/letter';
import { assertFileEditable } from '../src/modules/case-access/lock';
import {
  type Client,
  mailsTo,
  newClient,
  payByCard,
  signaturePng,
  signBody,
  staffToken,
} from './billing-helpers';
import { field, serverFor, testConfig, variants, type TestServer } from './helpers';
import {
  auditsAbout,
  completeReviewValues,
  saveReviewDraft,
  storeRetrievedTaxReturn,
} from './case-file';

/** The newest month of the seeded series: in force on any day from March 2026 (decision 0620). */
const FEBRUARY_2026 = { mes: '2026-02', porcentaje: 2.221, referencia: 'BOE-A-2026-5059' };
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

async function pdfFile(title: string, pages: number, rotateFirst = false): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([595, 842]);
    page.drawText(`${title}, hoja ${String(index + 1)}`, { x: 72, y: 600, size: 14, font });
    if (rotateFirst && index === 0) page.setRotation(degrees(90));
  }
  return Buffer.from(await document.save());
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 190, b: 170 } } });

/**
 * What each checklist entry of one holder living alone and earning a salary gets, in the
 * letter's order (the household's, the holder's, the mortgage's), and how many pages it makes.
 */
const FILES: { slot: string; make: () => Promise<Buffer>; mime: string; pages: number }[] = [
  {
    slot: 'hogar/certificado-de-empadronamiento',
    make: () => photo(1200, 800).jpeg().toBuffer(),
    mime: 'image/jpeg',
    pages: 1,
  },
  { slot: '1/dni-nie', make: () => pdfFile('DNI', 1), mime: 'application/pdf', pages: 1 },
  {
    slot: '1/certificado-titularidades',
    make: () => pdfFile('Registro', 2, true),
    mime: 'application/pdf',
    pages: 2,
  },
  {
    slot: '1/certificado-renta-aeat',
    make: () => photo(600, 900).png().toBuffer(),
    mime: 'image/png',
    pages: 1,
  },
  { slot: '1/nominas', make: () => pdfFile('Nómina', 3), mime: 'application/pdf', pages: 3 },
  {
    slot: 'hipoteca/escritura-compraventa',
    make: () => pdfFile('Compraventa', 1),
    mime: 'application/pdf',
    pages: 1,
  },
  {
    slot: 'hipoteca/escritura-hipoteca',
    make: () => pdfFile('Escritura', 2),
    mime: 'application/pdf',
    pages: 2,
  },
];
/** The signed declaración responsable of the review below, as the product writes it. */
const DECLARATION_PAGES = 2;
/** The declaration first, then the files, then the retrieved tax return (one page). */
const ANNEX_PAGES = DECLARATION_PAGES + FILES.reduce((sum, file) => sum + file.pages, 0) + 1;

const ANNEX_LIST = [
  'Anexo 1: Declaración responsable (Unidad familiar)',
  'Anexo 2: Certificado de empadronamiento colectivo (actual y seis meses anteriores) (Unidad familiar)',
  'Anexo 3: DNI/NIE (Titular 1)',
  'Anexo 4: Certificado de titularidades del Registro de la Propiedad (Titular 1)',
  'Anexo 5: Certificado de rentas de la AEAT (últimos cuatro ejercicios) (Titular 1)',
  'Anexo 6: Tres últimas nóminas (Titular 1)',
  'Anexo 7: Escritura de compraventa de la vivienda (Hipoteca)',
  'Anexo 8: Escritura de la hipoteca (Hipoteca)',
  'Anexo 9: Declaración de la Renta 2024 (Obtenido con Cl@ve)',
];

function reviewValues(client: Client, overrides: Record<string, string> = {}) {
  return completeReviewValues(client.email, overrides);
}

const normalized = (text: string) => text.replace(/\s+/g, ' ');

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map(normalized);
}

function caseHelpers(server: () => TestServer) {
  async function userOf(client: Client): Promise<string> {
    const [lead] = await server()
      .ctx.db.select({ userId: leads.userId })
      .from(leads)
      .where(eq(leads.id, client.leadId));
    return lead?.userId ?? '';
  }

  async function saveReview(client: Client, values: Record<string, string>, finalized = true) {
    await saveReviewDraft(server(), client.leadId, values, finalized);
  }

  async function uploadFile(client: Client, slot: string, body: Buffer, mime: string) {
    return saveCaseFile(server().ctx, {
      leadId: client.leadId,
      userId: await userOf(client),
      origin: 'subida',
      slot,
      fileName: `${slot.replace('/', '-')}.${mime === 'application/pdf' ? 'pdf' : mime.slice(6)}`,
      mimeType: mime as 'application/pdf' | 'image/jpeg' | 'image/png',
      body,
    });
  }

  async function uploadAll(client: Client, replace: Record<string, Buffer> = {}) {
    for (const file of FILES) {
      await uploadFile(client, file.slot, replace[file.slot] ?? (await file.make()), file.mime);
    }
    await storeRetrievedTaxReturn(server(), client.leadId, await pdfFile('Renta', 1));
  }

  /** The client signs the declaración responsable the screen shows, as 'Firmar la declaración' does. */
  async function signDeclaration(client: Client) {
    const current = await server().request('/api/expediente/declaracion', { token: client.token });
    const huella = (current.body as { data: { huella: string } }).data.huella;
    const signed = await server().request('/api/expediente/declaracion', {
      token: client.token,
      json: { huella, firma: { tipo: 'escrita', nombre: 'Lucía Pérez García' } },
    });
    expect(signed.status, signed.text).toBe(201);
  }

  /**
   * A client with everything: the review finished, the declaration signed, every document, the
   * contract signed and paid.
   */
  async function completeClient(
    options: { replace?: Record<string, Buffer>; signing?: Record<string, unknown> } = {},
  ): Promise<Client> {
    const client = await newClient(server());
    await saveReview(client, reviewValues(client));
    await signDeclaration(client);
    await uploadAll(client, options.replace);
    await payByCard(
      server(),
      client,
      'unico',
      options.signing ?? { firma: { tipo: 'dibujada', imagen: await signaturePng() } },
    );
    return client;
  }

  async function view(client: Client): Promise<SubmissionView> {
    const response = await server().request('/api/expediente/envio', { token: client.token });
    expect(response.status, response.text).toBe(200);
    return submissionResponseSchema.parse(response.body).data;
  }

  async function post(client: Client) {
    return server().request('/api/expediente/envio', { method: 'POST', token: client.token });
  }

  /** The file as the screen reads it once the builds this server runs have finished. */
  async function settled(client: Client): Promise<SubmissionView> {
    await server().builds.idle();
    return view(client);
  }

  /**
   * 'Enviar expediente' as the screen lives it: the POST, and when it accepted a build (202), what
   * the file is once built (200 with the sent file, or the failed build as it stands).
   */
  async function send(client: Client) {
    const response = await post(client);
    if (response.status !== 202) return response;
    expect(submissionResponseSchema.parse(response.body).data.preparacion?.estado).toMatch(
      /^(aceptado|en-preparacion)$/,
    );
    const data = await settled(client);
    return { ...response, status: data.estado === 'enviado' ? 200 : 500, body: { data } };
  }

  async function step(client: Client): Promise<string | undefined> {
    const response = await server().request('/api/case/progress', { token: client.token });
    const pasos = (response.body as { data: { pasos: { id: string; estado: string }[] } }).data
      .pasos;
    return pasos.find((paso) => paso.id === 'enviar-expediente')?.estado;
  }

  async function downloadPdf(client: Client) {
    const response = await fetch(`${server().url}/api/expediente/envio/pdf`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async function submissions(client: Client) {
    return server()
      .ctx.db.select()
      .from(caseSubmissions)
      .where(eq(caseSubmissions.leadId, client.leadId));
  }

  async function audits(client: Client, action: string) {
    return auditsAbout(server(), client.leadId, action);
  }

  /** The firm rejects the first holder's DNI/NIE, with the reason the client reads. */
  async function rejectHolderDni(client: Client, motivo: string) {
    const staff = await staffToken(server());
    const overview = await server().request(`/api/gestion/leads/${client.leadId}/documents`, {
      token: staff,
    });
    const dni = (
      overview.body as {
        data: {
          checklist: { holders: Record<string, { personal: { archivo: { id: string } }[] }> };
        };
      }
    ).data.checklist.holders['1']?.personal[0]?.archivo.id;
    const review = await server().request(`/api/gestion/documents/${dni ?? ''}/review`, {
      token: staff,
      json: { estado: 'rechazado', motivo },
    });
    expect(review.status, review.text).toBe(200);
  }

  async function firmMails(s: TestServer, client: Client) {
    return (await mailsTo(s, s.ctx.config.firmEmail)).filter(
      (message) =>
        message.asunto.startsWith('Expediente enviado') && message.texto.includes(client.leadId),
    );
  }

  return {
    userOf,
    saveReview,
    signDeclaration,
    uploadFile,
    uploadAll,
    completeClient,
    view,
    post,
    settled,
    send,
    step,
    downloadPdf,
    submissions,
    audits,
    rejectHolderDni,
    firmMails,
  };
}

describe.each(variants)('sending the client’s file on $name', (variant) => {
  let today: string | undefined;
  const server = serverFor(variant, {}, { today: () => today ?? madridDay(new Date()) });

  const {
    saveReview,
    signDeclaration,
    uploadAll,
    completeClient,
    view,
    send,
    step,
    downloadPdf,
    submissions,
    audits,
    rejectHolderDni,
    firmMails,
  } = caseHelpers(server);

  it('refuses to send while anything is missing, saying what and where to fix it', async () => {
    const client = await newClient(server());
    await server()
      .ctx.db.update(leads)
      .set({ miembrosUnidadFamiliar: 2 })
      .where(eq(leads.id, client.leadId));

    const first = await view(client);
    expect(first).toMatchObject({ estado: 'borrador', enviadoEl: null, banco: null, plan: null });
    expect(first.faltan[0]).toEqual({
      tipo: 'revision',
      mensaje: 'Revisa los datos de tu expediente y pulsa «Finalizar revisión».',
      enlace: '/app/revisar-expediente',
    });
    const documentMessages = first.faltan.filter((item) => item.tipo === 'documentos');
    // Two people nobody described yet: the household's padrón and libro de familia, each
    // person's DNI, Registry and AEAT certificates, the two deeds; never the declaración.
    expect(documentMessages).toHaveLength(2 + 3 * 2 + 2);
    // Each leads to its own entry on the documents screen (decision 0674).
    expect(
      documentMessages.find((item) => item.mensaje.includes('DNI/NIE del titular 1'))?.enlace,
    ).toBe('/app/obtener-documentos?documento=1%2Fdni-nie');
    expect(
      documentMessages.find((item) => item.mensaje.includes('DNI/NIE del miembro 1'))?.enlace,
    ).toBe('/app/obtener-documentos?documento=miembro-1%2Fdni-nie');
    expect(documentMessages.map((item) => item.mensaje)).toEqual(
      expect.arrayContaining([
        'Falta el libro de familia (documentación del hogar).',
        'Falta el DNI/NIE del titular 1.',
        'Falta el certificado de rentas de la AEAT (últimos cuatro ejercicios) del miembro 1 de la unidad familiar.',
        'Falta la escritura de compraventa de la vivienda (documentación de la hipoteca).',
      ]),
    );
    expect(first.faltan.at(-1)).toEqual({
      tipo: 'pago',
      mensaje: 'Elige tu plan y paga los honorarios para que podamos presentar tu expediente.',
      enlace: '/app/honorarios',
    });
    expect(first.documentos.slice(0, 2)).toEqual([
      {
        id: 'hogar/declaracion-responsable',
        nombre: 'Declaración responsable',
        persona: 'Unidad familiar',
        estado: null,
        situacion: 'sin-firmar',
      },
      {
        id: 'hogar/libro-de-familia',
        nombre: 'Libro de familia',
        persona: 'Unidad familiar',
        estado: null,
        situacion: 'falta',
      },
    ]);
    expect(first.documentos.find((document) => document.id === 'miembro-1/dni-nie')).toEqual({
      id: 'miembro-1/dni-nie',
      nombre: 'DNI/NIE',
      persona: 'Miembro 1',
      estado: null,
      situacion: 'falta',
    });
    expect(first.codigo).toEqual({ id: 'cbp2012', nombre: CODE_NAMES.cbp2012 });
    expect(first.medidas).toEqual(measuresFor('cbp2012', FEBRUARY_2026, null));
    expect(await step(client)).toBe('no-empezado');

    const refused = await send(client);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: SUBMISSION_MESSAGES.incomplete,
      data: { faltan: first.faltan },
    });

    // Started but not finished, then finished without a bank.
    await saveReview(client, reviewValues(client), false);
    const unfinished = await view(client);
    expect(unfinished.faltan[0]?.mensaje).toBe(
      'Termina de revisar los datos de tu expediente y pulsa «Finalizar revisión».',
    );
    // The bank chosen in the draft is named before the review is finished.
    expect(unfinished.banco).toBe('CaixaBank');
    await saveReview(client, reviewValues(client, { bancoHipoteca: '' }));
    expect((await view(client)).faltan[0]?.mensaje).toContain('Indica tu banco');
    expect(await step(client)).toBe('en-curso');

    // A signed contract waiting for its payment is still missing the payment.
    await saveReview(client, reviewValues(client));
    await server().request('/api/contrato', {
      token: client.token,
      json: signBody({ metodo: 'transferencia' }),
    });
    const waiting = await view(client);
    expect(waiting.banco).toBe('CaixaBank');
    expect(waiting.plan).toEqual({ nombre: 'Pago Único', pagado: false });
    expect(waiting.faltan.map((item) => item.tipo)).not.toContain('revision');
    expect(waiting.faltan.at(-1)?.mensaje).toBe(
      'Aún no nos consta el pago de tus honorarios. Si ya hiciste la transferencia, la confirmaremos en 24 a 48 horas.',
    );
    expect((await send(client)).status).toBe(409);
    expect(await submissions(client)).toEqual([]);
  });

  it('asks for another file when the firm rejected one', async () => {
    const client = await completeClient();
    await rejectHolderDni(client, 'La foto está borrosa');

    const current = await view(client);
    expect(current.faltan).toEqual([
      {
        tipo: 'documentos',
        mensaje: 'Necesitamos otro archivo para el DNI/NIE del titular 1: La foto está borrosa.',
        enlace: '/app/obtener-documentos?documento=1%2Fdni-nie',
      },
    ]);
    expect(current.documentos.find((document) => document.id === '1/dni-nie')).toMatchObject({
      id: '1/dni-nie',
      estado: 'rechazado',
      situacion: 'rechazado',
    });
    expect((await send(client)).status).toBe(409);
  });

  it('refuses to send without the signed declaración responsable, or with one the review no longer matches', async () => {
    const client = await newClient(server());
    await saveReview(client, reviewValues(client));
    await uploadAll(client);
    await payByCard(server(), client, 'unico', {
      firma: { tipo: 'dibujada', imagen: await signaturePng() },
    });
    const unsigned = await view(client);
    expect(unsigned.faltan).toEqual([
      {
        tipo: 'declaracion',
        mensaje: DECLARATION_MESSAGES.missing,
        enlace: '/app/enviar-expediente',
      },
    ]);
    expect(unsigned.documentos[0]).toEqual({
      id: 'hogar/declaracion-responsable',
      nombre: 'Declaración responsable',
      persona: 'Unidad familiar',
      estado: null,
      situacion: 'sin-firmar',
    });
    expect((await send(client)).status).toBe(409);

    await signDeclaration(client);
    const signed = await view(client);
    expect(signed.faltan).toEqual([]);
    // Signed, not 'Pendiente': the send screen's list says what happened (decision 0671).
    expect(signed.documentos[0]).toMatchObject({
      id: 'hogar/declaracion-responsable',
      situacion: 'firmada',
    });

    // The review changes after signing: the declaration no longer states it.
    await saveReview(client, reviewValues(client, { ingresosNetosAnuales: '18.000' }));
    const changed = await view(client);
    expect(changed.faltan).toEqual([
      {
        tipo: 'declaracion',
        mensaje: DECLARATION_MESSAGES.changed,
        enlace: '/app/enviar-expediente',
      },
    ]);
    expect(changed.documentos[0]).toMatchObject({ estado: null, situacion: 'sin-firmar' });
    expect((await send(client)).status).toBe(409);
    expect(await submissions(client)).toEqual([]);
  });

  it('sends a complete file once: locked, the PDF, the phase, the e-mails and the audit', async () => {
    const client = await completeClient();
    const before = await view(client);
    expect(before.faltan).toEqual([]);
    expect(before.plan).toEqual({ nombre: 'Pago Único', pagado: true });

    const sent = await send(client);
    expect(sent.status, sent.text).toBe(200);
    const data = submissionResponseSchema.parse(sent.body).data;
    expect(data).toMatchObject({
      estado: 'enviado',
      banco: 'CaixaBank',
      codigo: { id: 'cbp2012', nombre: CODE_NAMES.cbp2012 },
      medidas: measuresFor('cbp2012', FEBRUARY_2026, null),
      faltan: [],
      plan: { nombre: 'Pago Único', pagado: true },
    });
    const sentDay = madridDay(new Date(data.enviadoEl ?? ''));
    // The bank's month runs from the day the firm presents it, not from this sending.
    expect(data.presentadoAlBancoEl).toBeNull();
    expect(data.respuestaBancoAntesDe).toBeNull();
    expect(data.documentos.map((document) => document.persona)).toEqual([
      'Unidad familiar',
      'Unidad familiar',
      ...Array<string>(4).fill('Titular 1'),
      ...Array<string>(2).fill('Hipoteca'),
      'Obtenido con Cl@ve',
    ]);
    expect(await view(client)).toEqual(data);
    expect(await step(client)).toBe('completado');

    // Locked: every write the client can make to the file is refused.
    await expect(assertFileEditable(server().ctx.db, client.leadId)).rejects.toMatchObject({
      statusCode: 409,
      message: REVIEW_SERVER_MESSAGES.locked,
    });
    const upload = await server().request(UPLOAD_PATH, {
      method: 'POST',
      token: client.token,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '100',
        'Upload-Metadata': `documentId ${Buffer.from('1/dni-nie').toString('base64')},filename ${Buffer.from('dni.pdf').toString('base64')}`,
      },
    });
    expect(upload.status).toBe(409);
    expect(upload.body).toEqual({ message: REVIEW_SERVER_MESSAGES.locked });
    const delivery = await server().request('/api/documents/entrega', {
      method: 'POST',
      token: client.token,
    });
    expect(delivery.status).toBe(409);
    expect(delivery.body).toEqual({ message: REVIEW_SERVER_MESSAGES.locked });
    const retrieval = await server().request('/api/bankflip-session', {
      token: client.token,
      json: { leadId: client.leadId, documentos: [{ model: 'HACIENDA_RENTA', year: 2024 }] },
    });
    expect(retrieval.status).toBe(409);
    expect(retrieval.body).toEqual({ message: REVIEW_SERVER_MESSAGES.locked });
    // The documents screen is told before anyone tries.
    const documents = await server().request('/api/documents', { token: client.token });
    expect(field(documents.body, 'data', 'enviadoEn')).toBe(data.enviadoEl);

    // The PDF: an attachment that runs nothing, the letter and then every annex.
    const { response, bytes } = await downloadPdf(client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="expediente-${sentDay}.pdf"; filename*=UTF-8''expediente-${sentDay}.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));

    const pages = await pdfText(bytes);
    const letterPages = Number(/Página 1 de (\d+)/.exec(pages[0] ?? '')?.[1]);
    expect(letterPages).toBeGreaterThanOrEqual(1);
    expect(pages).toHaveLength(letterPages + ANNEX_PAGES);
    const letter = pages.slice(0, letterPages).join(' ');
    expect(letter).toContain('A la atención de: CaixaBank');
    expect(letter).toContain(`Solicitud de aplicación del ${CODE_NAMES.cbp2012}`);
    expect(letter).toContain('Real Decreto-ley 6/2012');
    // The PDF's text reads the no-break space before '%' as a plain one.
    for (const measure of measuresFor('cbp2012', FEBRUARY_2026, null)) {
      expect(letter).toContain(measure.replaceAll('\u00a0', ' '));
    }
    // The grace rate names the Euribor month in force on the sending day, from the firm's series.
    expect(letter).toMatch(
      /Euríbor a un año de febrero de 2026: 2,221\s%; tipo resultante: 2,121\s%/,
    );
    for (const annex of ANNEX_LIST) expect(letter).toContain(annex);
    expect(letter).toContain('Lucía Pérez García');
    expect(letter).toContain('145.000,00 €');
    expect(letter).toContain('Ana Ruiz Soler');
    expect(letter).toContain('Firma con la que el solicitante firmó');
    expect(letter).not.toContain('Firmado electrónicamente');
    // Each annex heads its pages, in the letter's order (the rotated page too).
    // The signed declaración responsable comes first, as the client signed it.
    const declaration = pages.slice(letterPages, letterPages + DECLARATION_PAGES);
    expect(declaration[0]).toContain(ANNEX_LIST[0]);
    expect(declaration[0]).toContain('DECLARA BAJO SU RESPONSABILIDAD');
    expect(declaration.join(' ')).toContain('Firma escrita: quien declara escribió su nombre');
    const annexes = pages.slice(letterPages + DECLARATION_PAGES);
    expect(annexes[0]).toContain(ANNEX_LIST[1]);
    expect(annexes[1]).toContain('Anexo 3: DNI/NIE (Titular 1)');
    expect(annexes[1]).toContain('DNI, hoja 1');
    expect(annexes[2]).toContain(ANNEX_LIST[3]);
    expect(annexes[3]).toContain(ANNEX_LIST[3]);
    expect(annexes[4]).toContain(ANNEX_LIST[4]);
    expect(annexes.at(-1)).toContain('Anexo 9: Declaración de la Renta 2024 (Obtenido con Cl@ve)');

    // The case moved on, with an entry in its history made by no member of the firm.
    const [lead] = await server().ctx.db.select().from(leads).where(eq(leads.id, client.leadId));
    expect(lead).toMatchObject({ phaseId: 'envio-banco', estado: 'Envío al banco' });
    const history = await server()
      .ctx.db.select()
      .from(caseHistory)
      .where(eq(caseHistory.leadId, client.leadId));
    expect(history).toEqual([
      expect.objectContaining({
        fromPhase: 'nuevo',
        toPhase: 'envio-banco',
        note: 'Hemos recibido tu expediente completo y lo preparamos para presentarlo a tu banco.',
        staffId: null,
        cause: 'envio',
      }),
    ]);
    expect(history[0] !== undefined && movedBySending(history[0])).toBe(true);

    // The audit log keeps the PDF's fingerprint; the firm and the client were told.
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const [audit] = await audits(client, 'submission.sent');
    expect(audit).toMatchObject({ actorKind: 'cliente', actorEmail: client.email });
    expect(audit?.after).toMatchObject({
      sha256,
      banco: 'CaixaBank',
      codigo: 'cbp2012',
      anexos: 9,
    });
    expect(await audits(client, 'case.moved')).toHaveLength(1);
    const firm = await firmMails(server(), client);
    expect(firm).toHaveLength(1);
    expect(firm[0]?.texto).toContain('Anexo 1: Declaración responsable (Unidad familiar)');
    expect(firm[0]?.texto).toContain('Anexo 9: Declaración de la Renta 2024 (Obtenido con Cl@ve)');
    expect(firm[0]?.texto).toContain(sha256);
    // The firm is reminded that the bank's month starts when it records the presentation.
    expect(normalized(firm[0]?.texto ?? '')).toContain(
      'registra ese día en el panel «Expediente» del caso',
    );
    const own = (await mailsTo(server(), client.email)).filter(
      (message) => message.asunto === 'Hemos recibido tu expediente',
    );
    expect(own).toHaveLength(1);
    expect(own[0]?.enlaces).toContain(`${server().ctx.links.base()}/app/estado-caso`);
    expect(own[0]?.texto).toContain('CaixaBank');
    expect(normalized(own[0]?.texto ?? '')).toContain(
      'El Código da al banco 1 mes para responder, contado desde el día en que le presentemos tu solicitud.',
    );
    expect(own[0]?.texto).not.toMatch(/como tarde, hacia el/);

    // Pressing again answers what was sent and sends nothing twice.
    const again = await send(client);
    expect(again.status).toBe(200);
    expect(submissionResponseSchema.parse(again.body).data).toEqual(data);
    expect(await submissions(client)).toHaveLength(1);
    expect(await firmMails(server(), client)).toHaveLength(1);
    expect(await audits(client, 'submission.sent')).toHaveLength(1);

    // Someone else's session reaches nothing of it.
    const stranger = await newClient(server());
    const other = await downloadPdf(stranger);
    expect(other.response.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(other.bytes))).toEqual({
      message: SUBMISSION_MESSAGES.notSent,
    });
    expect((await view(stranger)).estado).toBe('borrador');
  });

  it('records one send when two arrive at once', async () => {
    const client = await completeClient();
    const stored = () =>
      readdir(path.join(server().ctx.config.dataDir, DISK_STORAGE_DIR, client.leadId));
    const before = await stored();
    const [first, second] = await Promise.all([send(client), send(client)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(submissionResponseSchema.parse(first.body).data.enviadoEl).toBe(
      submissionResponseSchema.parse(second.body).data.enviadoEl,
    );
    expect(await submissions(client)).toHaveLength(1);
    expect(await audits(client, 'submission.sent')).toHaveLength(1);
    expect(await firmMails(server(), client)).toHaveLength(1);
    // Only the PDF that was recorded is kept: the other one is removed.
    const [row] = await submissions(client);
    expect((await stored()).filter((name) => !before.includes(name))).toEqual([
      row?.storageKey.split('/').at(-1),
    ]);
  });

  it('refuses an upload that finishes after the file was sent', async () => {
    const client = await completeClient();
    const body = await pdfFile('DNI nuevo', 1);
    const headers = (extra: Record<string, string>) => ({ 'Tus-Resumable': '1.0.0', ...extra });
    const created = await server().request(UPLOAD_PATH, {
      method: 'POST',
      token: client.token,
      headers: headers({
        'Upload-Length': String(body.length),
        'Upload-Metadata': `documentId ${Buffer.from('1/dni-nie').toString('base64')},filename ${Buffer.from('dni.pdf').toString('base64')}`,
      }),
    });
    expect(created.status, created.text).toBe(201);
    expect((await send(client)).status).toBe(200);

    const finished = await server().request(created.headers.get('location') ?? '', {
      method: 'PATCH',
      token: client.token,
      headers: headers({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
      body,
    });
    expect(finished.status).toBe(409);
    expect(finished.body).toEqual({ message: REVIEW_SERVER_MESSAGES.locked });
    const documents = await server().request('/api/documents', { token: client.token });
    expect(JSON.stringify(documents.body)).not.toContain('DNI nuevo');
    expect(
      (
        documents.body as {
          data: {
            checklist: { holders: Record<string, { personal: { archivo: { name: string } }[] }> };
          };
        }
      ).data.checklist.holders['1']?.personal[0]?.archivo.name,
    ).toBe('1-dni-nie.pdf');
  });

  it('keeps an annex that cannot be merged in its place, and signs with the evidence of an older contract', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]);
    const client = await completeClient({
      replace: { 'hipoteca/escritura-compraventa': broken },
      signing: {},
    });
    // A contract signed before signatures were kept.
    const [contract] = await server()
      .ctx.db.update(signedContracts)
      .set({ signatureStorageKey: null })
      .where(and(eq(signedContracts.leadId, client.leadId), isNull(signedContracts.supersededAt)))
      .returning();
    expect((await send(client)).status).toBe(200);

    const pages = await pdfText((await downloadPdf(client)).bytes);
    const letterPages = Number(/Página 1 de (\d+)/.exec(pages[0] ?? '')?.[1]);
    expect(pages).toHaveLength(letterPages + ANNEX_PAGES);
    const placeholder = pages
      .slice(letterPages)
      .find((page) => page.includes('Anexo 7: Escritura de compraventa de la vivienda (Hipoteca)'));
    expect(placeholder).toContain('No se ha podido incorporar el contenido de este archivo');
    const letter = pages.slice(0, letterPages).join(' ');
    expect(letter).toContain(
      `Firmado electrónicamente por Lucía Pérez García el ${new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Madrid' }).format(contract?.signedAt)}, huella SHA-256 ${contract?.sha256 ?? ''}.`,
    );
  });

  it('keeps the typed signature of the contract and writes it under the letter', async () => {
    const client = await completeClient({
      signing: { firma: { tipo: 'escrita', nombre: 'L. Pérez' } },
    });
    const [contract] = await server()
      .ctx.db.select()
      .from(signedContracts)
      .where(eq(signedContracts.leadId, client.leadId));
    expect(contract?.signatureStorageKey).toEqual(expect.any(String));
    expect(await server().ctx.storage.exists(contract?.signatureStorageKey ?? '')).toBe(true);
    expect((await send(client)).status).toBe(200);
    const letter = (await pdfText((await downloadPdf(client)).bytes)).join(' ');
    expect(letter).toContain('L. Pérez');
    expect(letter).toContain('Firma escrita: escribió su nombre.');
  });

  it('applies the code that takes applications on the sending day', async () => {
    try {
      today = '2025-06-01';
      const client = await completeClient();
      await server()
        .ctx.db.update(leads)
        .set({ code: 'cbp2022' })
        .where(eq(leads.id, client.leadId));
      expect((await view(client)).codigo?.id).toBe('cbp2022');
      const sent = submissionResponseSchema.parse((await send(client)).body).data;
      expect(sent.codigo).toEqual({ id: 'cbp2022', nombre: CODE_NAMES.cbp2022 });
      expect(sent.medidas).toEqual(measuresFor('cbp2022', null, null));
      const letter = (await pdfText((await downloadPdf(client)).bytes)).join(' ');
      expect(letter).toContain(`Solicitud de aplicación del ${CODE_NAMES.cbp2022}`);
      expect(letter).toContain('Madrid, 1 de junio de 2025');
      for (const measure of measuresFor('cbp2022', null, null)) expect(letter).toContain(measure);

      // After the 2022 code closed, the same answers are sent under the 2012 code.
      today = '2026-11-26';
      const later = await newClient(server());
      await server()
        .ctx.db.update(leads)
        .set({ code: 'cbp2022' })
        .where(eq(leads.id, later.leadId));
      expect((await view(later)).codigo).toEqual({ id: 'cbp2012', nombre: CODE_NAMES.cbp2012 });
    } finally {
      today = undefined;
    }
  });

  it('does not ask the bank for measures the person’s own calculation does not give, and refuses to send', async () => {
    const client = await completeClient();
    // A household the 2012 code does not take (gross income over its ceiling): 'hoy no puedes'.
    const calculated = await server().request('/api/calculations', {
      token: client.token,
      json: { ...sampleHousehold, ingresosBrutosAnuales: 30_000, ingresosNetosAnuales: 20_000 },
    });
    expect(field(calculated.body, 'data', 'resultado', 'cumpleRequisitos')).toBe(false);

    const rejected = await view(client);
    expect(rejected.codigo).toBeNull();
    expect(rejected.medidas).toEqual([]);
    expect(rejected.faltan[0]).toEqual({
      tipo: 'calculo',
      mensaje: NOT_QUALIFYING_TEXTS.noSubmission,
      enlace: '/app',
    });
    const refused = await send(client);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: NOT_QUALIFYING_TEXTS.noSubmission,
      data: { faltan: rejected.faltan },
    });
    expect(await submissions(client)).toEqual([]);
  });

  describe('for the firm', () => {
    it('shows the file, downloads its PDF (audited) and reopens it, which the client is told', async () => {
      const staff = await staffToken(server());
      const client = await completeClient();
      const draft = await server().request(`/api/gestion/leads/${client.leadId}/expediente`, {
        token: staff,
      });
      expect(draft.status).toBe(200);
      expect(submissionResponseSchema.parse(draft.body).data).toEqual(await view(client));

      const notYet = await server().request(`/api/gestion/leads/${client.leadId}/expediente/pdf`, {
        token: staff,
      });
      expect(notYet.status).toBe(404);
      const nothingToReopen = await server().request(
        `/api/gestion/leads/${client.leadId}/expediente/reabrir`,
        { token: staff, json: { nota: 'Falta la nómina de marzo' } },
      );
      expect(nothingToReopen.status).toBe(409);
      expect(nothingToReopen.body).toEqual({ message: SUBMISSION_MESSAGES.notLocked });

      const first = submissionResponseSchema.parse((await send(client)).body).data;
      // As if sent before the history kept a cause: the migration's backfill gives it one.
      const { db } = server().ctx;
      await db
        .update(caseHistory)
        .set({ cause: null })
        .where(eq(caseHistory.leadId, client.leadId));
      const migration = await readFile(
        path.resolve(import.meta.dirname, '../drizzle/0019_case_history_cause.sql'),
        'utf8',
      );
      await db.execute(sql.raw(migration.split('--> statement-breakpoint')[1] ?? ''));
      const backfilled = await db
        .select()
        .from(caseHistory)
        .where(eq(caseHistory.leadId, client.leadId));
      expect(backfilled.map((entry) => [entry.cause, movedBySending(entry)])).toEqual([
        ['envio', true],
      ]);
      const sent = await server().request(`/api/gestion/leads/${client.leadId}/expediente`, {
        token: staff,
      });
      expect(submissionResponseSchema.parse(sent.body).data).toEqual(first);

      const pdf = await fetch(`${server().url}/api/gestion/leads/${client.leadId}/expediente/pdf`, {
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-disposition')).toContain('attachment;');
      expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
      expect(pdf.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      const [row] = await submissions(client);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row?.sha256);
      expect(await audits(client, 'submission.viewed')).toEqual([
        expect.objectContaining({
          actorKind: 'staff',
          after: { envio: row?.id, parte: 1, sha256: row?.sha256 },
        }),
      ]);

      const reopened = await server().request(
        `/api/gestion/leads/${client.leadId}/expediente/reabrir`,
        { token: staff, json: { nota: 'Falta la nómina de marzo' } },
      );
      expect(reopened.status, reopened.text).toBe(200);
      expect(submissionResponseSchema.parse(reopened.body).data).toMatchObject({
        estado: 'borrador',
        faltan: [],
      });
      const reopenings = await audits(client, 'submission.reopened');
      expect(reopenings).toHaveLength(1);
      expect(reopenings[0]).toMatchObject({ actorKind: 'staff' });
      expect(reopenings[0]?.after).toMatchObject({
        envio: row?.id,
        nota: 'Falta la nómina de marzo',
      });
      const told = (await mailsTo(server(), client.email)).filter(
        (message) => message.asunto === 'Hemos reabierto tu expediente',
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.texto).toContain('Falta la nómina de marzo');
      await expect(assertFileEditable(server().ctx.db, client.leadId)).resolves.toBeUndefined();
      expect(await step(client)).toBe('en-curso');
      // The sending's move is undone: the case is back where it was, with a note for the client.
      const phaseOf = async () => {
        const [lead] = await server()
          .ctx.db.select()
          .from(leads)
          .where(eq(leads.id, client.leadId));
        return lead?.phaseId;
      };
      expect(await phaseOf()).toBe('nuevo');
      const [movedBack] = await server()
        .ctx.db.select()
        .from(caseHistory)
        .where(eq(caseHistory.leadId, client.leadId))
        .orderBy(desc(caseHistory.createdAt))
        .limit(1);
      expect(movedBack).toMatchObject({
        fromPhase: 'envio-banco',
        toPhase: 'nuevo',
        note: 'Tu expediente vuelve a esta fase mientras lo corriges. Cuando lo envíes de nuevo, lo presentaremos a tu banco.',
      });
      expect(movedBack?.staffId).not.toBeNull();
      expect((await downloadPdf(client)).response.status).toBe(404);

      // Sent again: a new row, the old one kept as reopened.
      const second = await send(client);
      expect(second.status).toBe(200);
      const rows = await submissions(client);
      expect(rows).toHaveLength(2);
      expect(rows.filter((item) => item.reopenedAt === null)).toHaveLength(1);
      expect(rows.find((item) => item.reopenedAt !== null)).toMatchObject({
        id: row?.id,
        reopenNote: 'Falta la nómina de marzo',
      });
      // Sent, reopened and sent again: out, back and out again.
      expect(await phaseOf()).toBe('envio-banco');
      expect((await audits(client, 'case.moved')).map((entry) => entry.actorKind)).toEqual([
        'cliente',
        'staff',
        'cliente',
      ]);
    });

    it('records the day the file was presented to the bank, within its bounds, audited and e-mailed, and lets it be corrected', async () => {
      const staff = await staffToken(server());
      const client = await completeClient();
      const present = (fecha: unknown, token = staff) =>
        server().request(`/api/gestion/leads/${client.leadId}/expediente/presentacion`, {
          token,
          json: { fecha },
        });
      const presentedMails = async () =>
        (await mailsTo(server(), client.email)).filter((message) =>
          /presentado tu solicitud|fecha de presentación/.test(message.asunto),
        );

      // Nothing sent, nothing to present.
      const notSent = await present('2026-11-26');
      expect(notSent.status).toBe(409);
      expect(notSent.body).toEqual({ message: SUBMISSION_MESSAGES.notPresentable });

      try {
        today = '2026-11-26';
        const sent = submissionResponseSchema.parse((await send(client)).body).data;
        expect(sent.respuestaBancoAntesDe).toBeNull();
        const [row] = await submissions(client);
        await server()
          .ctx.db.update(caseSubmissions)
          // 23:30 UTC on 23 November is the 24th in Spain: the sending day the bounds count from.
          .set({ sentAt: new Date('2026-11-23T23:30:00Z') })
          .where(eq(caseSubmissions.id, row?.id ?? ''));

        // Neither before the sending day in Spain nor after today, each said on the field.
        const early = await present('2026-11-23');
        expect(early.status).toBe(400);
        expect(early.body).toEqual({
          message:
            'La fecha de presentación no puede ser anterior al envío del expediente (24/11/2026).',
          errors: {
            fecha:
              'La fecha de presentación no puede ser anterior al envío del expediente (24/11/2026).',
          },
        });
        const future = await present('2026-11-27');
        expect(future.status).toBe(400);
        expect(future.body).toEqual({
          message: SUBMISSION_MESSAGES.presentedInFuture,
          errors: { fecha: SUBMISSION_MESSAGES.presentedInFuture },
        });
        for (const wrong of ['', '2026-02-30', '26/11/2026', 20261126, null]) {
          const refused = await present(wrong);
          expect({ wrong, status: refused.status }).toEqual({ wrong, status: 400 });
          expect(field(refused.body, 'errors', 'fecha')).toMatch(/^(Indica|La fecha)/);
        }
        const extra = await server().request(
          `/api/gestion/leads/${client.leadId}/expediente/presentacion`,
          { token: staff, json: { fecha: '2026-11-25', nota: 'x' } },
        );
        expect(extra.status).toBe(400);
        expect(await audits(client, 'submission.presented')).toEqual([]);
        expect(await presentedMails()).toEqual([]);

        // The first day of the bounds is accepted: the deadline counts date to date from it.
        const first = await present('2026-11-24');
        expect(first.status, first.text).toBe(200);
        expect(submissionResponseSchema.parse(first.body).data).toMatchObject({
          estado: 'enviado',
          presentadoAlBancoEl: '2026-11-24',
          respuestaBancoAntesDe: '2026-12-24',
        });
        expect(await view(client)).toMatchObject({
          presentadoAlBancoEl: '2026-11-24',
          respuestaBancoAntesDe: '2026-12-24',
        });
        const [stored] = await submissions(client);
        expect(stored).toMatchObject({ presentedOn: '2026-11-24' });
        expect(stored?.presentedBy).not.toBeNull();
        expect(stored?.presentedRecordedAt).toBeInstanceOf(Date);
        const mails = await presentedMails();
        expect(mails).toHaveLength(1);
        expect(mails[0]?.asunto).toBe('Hemos presentado tu solicitud a tu banco');
        const told = normalized(mails[0]?.texto ?? '');
        expect(told).toContain('Banco: CaixaBank');
        expect(told).toContain('Presentada el: 24 de noviembre de 2026');
        expect(told).toContain('El banco debe responder antes del: 24 de diciembre de 2026');
        expect(mails[0]?.enlaces).toContain(`${server().ctx.links.base()}/app/estado-caso`);

        // Pressed twice: nothing new. Corrected to today (the other bound): audited and told again.
        expect((await present('2026-11-24')).status).toBe(200);
        expect(await presentedMails()).toHaveLength(1);
        const corrected = await present('2026-11-26');
        expect(corrected.status).toBe(200);
        expect(submissionResponseSchema.parse(corrected.body).data).toMatchObject({
          presentadoAlBancoEl: '2026-11-26',
          respuestaBancoAntesDe: '2026-12-26',
        });
        const entries = await audits(client, 'submission.presented');
        expect(entries.map((entry) => [entry.actorKind, entry.before, entry.after])).toEqual([
          [
            'staff',
            { envio: row?.id, presentadoEl: null, respuestaAntesDe: null },
            {
              envio: row?.id,
              presentadoEl: '2026-11-24',
              respuestaAntesDe: '2026-12-24',
              registradoEl: expect.any(String) as string,
            },
          ],
          [
            'staff',
            { envio: row?.id, presentadoEl: '2026-11-24', respuestaAntesDe: '2026-12-24' },
            {
              envio: row?.id,
              presentadoEl: '2026-11-26',
              respuestaAntesDe: '2026-12-26',
              registradoEl: expect.any(String) as string,
            },
          ],
        ]);
        const again = await presentedMails();
        expect(again.map((message) => message.asunto)).toEqual(
          expect.arrayContaining(['Corregimos la fecha de presentación de tu solicitud']),
        );
        expect(again).toHaveLength(2);

        // Reopened, there is nothing presented any more, and nothing to present until sent again.
        const reopened = await server().request(
          `/api/gestion/leads/${client.leadId}/expediente/reabrir`,
          { token: staff, json: { nota: 'Falta la nómina de marzo' } },
        );
        expect(submissionResponseSchema.parse(reopened.body).data).toMatchObject({
          presentadoAlBancoEl: null,
          respuestaBancoAntesDe: null,
        });
        const afterReopening = await present('2026-11-26');
        expect(afterReopening.status).toBe(409);
        expect(afterReopening.body).toEqual({ message: SUBMISSION_MESSAGES.notPresentable });
        expect(await audits(client, 'submission.presented')).toHaveLength(2);
      } finally {
        today = undefined;
      }
    });

    it('answers 404 for leads that do not exist or ids that cannot be one, and keeps clients out', async () => {
      const staff = await staffToken(server());
      for (const id of [NO_SUCH_ID, 'no-es-un-uuid']) {
        for (const [method, suffix] of [
          ['GET', ''],
          ['GET', '/pdf'],
          ['POST', '/reabrir'],
          ['POST', '/presentacion'],
        ] as const) {
          const body = suffix === '/presentacion' ? { fecha: '2026-11-26' } : { nota: 'Revisar' };
          const response = await server().request(`/api/gestion/leads/${id}/expediente${suffix}`, {
            method,
            token: staff,
            ...(method === 'POST' ? { json: body } : {}),
          });
          expect({ id, suffix, status: response.status }).toEqual({ id, suffix, status: 404 });
          expect(response.body).toEqual({ message: 'No se ha encontrado el lead.' });
        }
      }
      const client = await newClient(server());
      const asClient = await server().request(`/api/gestion/leads/${client.leadId}/expediente`, {
        token: client.token,
      });
      expect(asClient.status).toBe(403);
      const presentingAsClient = await server().request(
        `/api/gestion/leads/${client.leadId}/expediente/presentacion`,
        { token: client.token, json: { fecha: '2026-11-26' } },
      );
      expect(presentingAsClient.status).toBe(403);
      const asStaff = await server().request('/api/expediente/envio', { token: staff });
      expect(asStaff.status).toBe(401);
      const blank = await server().request(
        `/api/gestion/leads/${client.leadId}/expediente/reabrir`,
        {
          token: staff,
          json: { nota: '  ' },
        },
      );
      expect(blank.status).toBe(400);
      expect(JSON.stringify(blank.body)).toContain('Escribe por qué se reabre el expediente');
    });
  });
});

/** A JPEG of random pixels: it does not compress, so its size is known ahead. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();

/** A PDF whose every page carries one photo of random pixels and a line of text. */
async function photoPdf(title: string, pages: number, width: number, height: number) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const image = await document.embedJpg(await noise(width, height));
    const page = document.addPage([595, 842]);
    page.drawImage(image, { x: 40, y: 200, width: 500, height: 600 });
    page.drawText(`${title}, hoja ${String(index + 1)}`, { x: 72, y: 120, size: 14, font });
  }
  return Buffer.from(await document.save());
}

/** Every image of a PDF: its pixel size and filter. */
async function imagesOf(bytes: Uint8Array) {
  const document = await PDFDocument.load(bytes);
  const found: { width: number; height: number; filter: string }[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const number = (key: string) => Number(object.dict.get(PDFName.of(key))?.toString());
    found.push({
      width: number('Width'),
      height: number('Height'),
      filter: object.dict.get(PDFName.of('Filter'))?.toString() ?? '',
    });
  }
  return found;
}

const PART_LIMIT = 400_000;

describe.each(variants)('building the bank file on $name', (variant) => {
  const server = serverFor(
    variant,
    (provisioned) => ({
      submission: {
        ...testConfig(provisioned).submission,
        partBytes: PART_LIMIT,
        staleAfterMs: 60_000,
      },
    }),
    { startBuildWorker: false },
  );
  const {
    completeClient,
    view,
    post,
    settled,
    send,
    submissions,
    audits,
    rejectHolderDni,
    firmMails,
  } = caseHelpers(server);

  async function buildsOf(client: Client) {
    return server()
      .ctx.db.select()
      .from(submissionBuilds)
      .where(eq(submissionBuilds.leadId, client.leadId))
      .orderBy(asc(submissionBuilds.createdAt));
  }

  it('answers at once, locks the file while it is built, and a build left by a stopped process is taken over', async () => {
    const client = await completeClient();
    const accepted = await post(client);
    expect(accepted.status, accepted.text).toBe(202);
    const data = submissionResponseSchema.parse(accepted.body).data;
    expect(data).toMatchObject({
      estado: 'borrador',
      enviadoEl: null,
      partes: [],
      preparacion: { estado: 'aceptado', anexosHechos: 0, anexosTotal: 9, motivo: null },
    });
    // Nothing is said to be sent yet: no row, no audit, no e-mail, no move.
    expect(await submissions(client)).toEqual([]);
    expect(await audits(client, 'submission.sent')).toEqual([]);
    expect(await firmMails(server(), client)).toEqual([]);
    // The file is locked from the moment it is accepted.
    await expect(assertFileEditable(server().ctx.db, client.leadId)).rejects.toMatchObject({
      statusCode: 409,
      message: REVIEW_SERVER_MESSAGES.locked,
    });
    // Pressing again finds the same build: one per case.
    const again = await post(client);
    expect(again.status).toBe(202);
    expect(await buildsOf(client)).toHaveLength(1);

    // A worker claims it and its process dies: the heartbeat stops.
    const claimed = await server().builds.claimOne();
    expect(claimed?.build.leadId).toBe(client.leadId);
    expect((await view(client)).preparacion?.estado).toBe('en-preparacion');
    await server()
      .ctx.db.update(submissionBuilds)
      .set({ heartbeatAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(submissionBuilds.leadId, client.leadId));

    server().builds.start();
    try {
      const sent = await settled(client);
      expect(sent.estado).toBe('enviado');
      expect(sent.preparacion).toMatchObject({ estado: 'listo', anexosHechos: 9 });
      expect(sent.partes).toHaveLength(1);
    } finally {
      await server().builds.stop();
    }
    const [build] = await buildsOf(client);
    expect(build).toMatchObject({ state: 'listo', attempts: 2 });
    expect(await submissions(client)).toHaveLength(1);
    expect(await audits(client, 'submission.sent')).toHaveLength(1);
    expect(await firmMails(server(), client)).toHaveLength(1);
  });

  it('gives up a build interrupted too often, and one the firm made impossible, with the reason; the person tries again', async () => {
    const client = await completeClient();
    expect((await post(client)).status).toBe(202);
    await server()
      .ctx.db.update(submissionBuilds)
      .set({
        state: 'en-preparacion',
        attempts: 3,
        heartbeatAt: new Date(Date.now() - 10 * 60 * 1000),
      })
      .where(eq(submissionBuilds.leadId, client.leadId));
    server().builds.start();
    try {
      const failed = await settled(client);
      expect(failed.estado).toBe('borrador');
      expect(failed.preparacion).toMatchObject({
        estado: 'fallido',
        motivo: BUILD_FAILURE_MESSAGES.interrupted,
      });
      // Unlocked again, and nothing was said to be sent.
      await expect(assertFileEditable(server().ctx.db, client.leadId)).resolves.toBeUndefined();
      expect(await submissions(client)).toEqual([]);
      expect(await firmMails(server(), client)).toEqual([]);

      // The next try is a new build, and it sends.
      const retried = await send(client);
      expect(retried.status).toBe(200);
      expect((await buildsOf(client)).map((build) => build.state)).toEqual(['fallido', 'listo']);
    } finally {
      await server().builds.stop();
    }

    // The firm rejects a file while the next client's file waits to be built.
    const other = await completeClient();
    expect((await post(other)).status).toBe(202);
    await rejectHolderDni(other, 'La foto está borrosa');
    server().builds.start();
    try {
      const failed = await settled(other);
      expect(failed.preparacion).toMatchObject({
        estado: 'fallido',
        motivo: SUBMISSION_MESSAGES.incomplete,
      });
      expect(failed.faltan[0]?.mensaje).toContain('Necesitamos otro archivo para el DNI/NIE');
    } finally {
      await server().builds.stop();
    }
    expect(await submissions(other)).toEqual([]);
  });

  it('splits a large file into numbered parts under the limit, the letter first with the list of parts, each downloadable by the client and the firm', async () => {
    const client = await completeClient({
      replace: {
        '1/nominas': await photoPdf('Nómina', 8, 320, 420),
        'hipoteca/escritura-hipoteca': await photoPdf('Escritura', 3, 280, 380),
      },
    });
    server().builds.start();
    let sent: SubmissionView;
    try {
      const answer = await send(client);
      expect(answer.status).toBe(200);
      sent = submissionResponseSchema.parse(answer.body).data;
    } finally {
      await server().builds.stop();
    }
    expect(sent.partes.length).toBeGreaterThanOrEqual(2);
    expect(sent.partes.map((part) => part.numero)).toEqual(
      sent.partes.map((_, index) => index + 1),
    );
    expect(sent.partes[0]?.contenido).toMatch(/^la carta/);

    const staff = await staffToken(server());
    const sentDay = madridDay(new Date(sent.enviadoEl ?? ''));
    const texts: string[][] = [];
    for (const part of sent.partes) {
      const response = await fetch(
        `${server().url}/api/expediente/envio/partes/${String(part.numero)}`,
        { headers: { authorization: `Bearer ${client.token}` } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain(
        `expediente-${sentDay}-parte-${String(part.numero)}-de-${String(sent.partes.length)}.pdf`,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.length).toBe(part.bytes);
      expect(bytes.length).toBeLessThan(PART_LIMIT);
      const forStaff = await fetch(
        `${server().url}/api/gestion/leads/${client.leadId}/expediente/partes/${String(part.numero)}`,
        { headers: { authorization: `Bearer ${staff}` } },
      );
      expect(forStaff.status).toBe(200);
      expect(new Uint8Array(await forStaff.arrayBuffer())).toEqual(bytes);
      texts.push(await pdfText(bytes));
    }
    // Part 1 is part 1 of the plain download too.
    const first = await fetch(`${server().url}/api/expediente/envio/pdf`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(new Uint8Array(await first.arrayBuffer()).length).toBe(sent.partes[0]?.bytes);

    const letterPages = Number(/Página 1 de (\d+)/.exec(texts[0]?.[0] ?? '')?.[1]);
    const letter = (texts[0] ?? []).slice(0, letterPages).join(' ');
    expect(letter).toContain('A la atención de: CaixaBank');
    expect(letter).toContain(
      `la documentación se presenta en ${String(sent.partes.length)} archivos PDF numerados`,
    );
    for (const part of sent.partes) {
      expect(letter).toContain(
        `Parte ${String(part.numero)} de ${String(sent.partes.length)}: ${part.numero === 1 ? 'esta carta' : part.contenido}`,
      );
    }
    // Every annex page is somewhere, in order; the payslips, larger than a part, go over two.
    const annexPages = [...(texts[0] ?? []).slice(letterPages), ...texts.slice(1).flat()];
    expect(annexPages).toHaveLength(ANNEX_PAGES - 3 + 8 - 2 + 3);
    const payslips = texts.map((pages) => pages.filter((page) => page.includes('Nómina, hoja')));
    expect(payslips.filter((pages) => pages.length > 0).length).toBeGreaterThan(1);
    expect(payslips.flat().map((page) => /Nómina, hoja (\d)/.exec(page)?.[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    // The audit keeps each part's SHA-256; each staff download is audited with its part.
    const [audit] = await audits(client, 'submission.sent');
    expect((audit?.after as { partes: unknown[] }).partes).toHaveLength(sent.partes.length);
    const viewed = await audits(client, 'submission.viewed');
    expect(viewed.map((entry) => (entry.after as { parte: number }).parte)).toEqual(
      sent.partes.map((part) => part.numero),
    );
    // A part that does not exist.
    const missing = await server().request(
      `/api/expediente/envio/partes/${String(sent.partes.length + 1)}`,
      { token: client.token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: SUBMISSION_MESSAGES.noSuchPart });
  });

  it('re-encodes photos, and the photos inside PDFs, for print: about 200 dpi on A4, JPEG, upright', async () => {
    const big = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: { r: 180, g: 200, b: 220 } },
    })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const scan = await PDFDocument.create();
    const embedded = await scan.embedJpg(
      await sharp({
        create: { width: 3600, height: 4800, channels: 3, background: { r: 90, g: 90, b: 90 } },
      })
        .jpeg({ quality: 95 })
        .toBuffer(),
    );
    scan.addPage([595, 842]).drawImage(embedded, { x: 0, y: 0, width: 595, height: 842 });
    const client = await completeClient({
      replace: {
        'hogar/certificado-de-empadronamiento': big,
        '1/certificado-titularidades': Buffer.from(await scan.save()),
      },
    });
    server().builds.start();
    try {
      expect((await send(client)).status).toBe(200);
    } finally {
      await server().builds.stop();
    }
    const [row] = await submissions(client);
    const stored = await server().ctx.storage.get(row?.storageKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    const images = await imagesOf(Buffer.concat(chunks));
    // The photo, turned by its EXIF to portrait, fitted in A4 at 200 dpi.
    expect(images).toContainEqual({ width: 1654, height: 2205, filter: '/DCTDecode' });
    // The scan's 3600 × 4800 photo brought down to the same.
    expect(images).toContainEqual({ width: 1654, height: 2205, filter: '/DCTDecode' });
    expect(images.every((image) => Math.max(image.width, image.height) <= 2339)).toBe(true);
  });
});

describe('the bank file build', () => {
  it('keeps in memory only what its parts carry, not the annex files their pages came from', async () => {
    // A one-page PDF with a 30 MB attachment-like stream the page does not use.
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    source.addPage([595, 842]).drawText('Nómina de marzo', { x: 72, y: 600, size: 14, font });
    source.context.register(source.context.stream(new Uint8Array(30_000_000).fill(7)));
    const file = Buffer.from(await source.save());
    const builder = await PartBuilder.create({
      partBytes: 15_000_000,
      firstPartReserve: 100_000,
      sink: {
        store: () => Promise.reject(new Error('the annexes fit in part 1')),
        annexDone: () => Promise.resolve(),
      },
      log: pino({ level: 'silent' }),
    });
    for (const number of [1, 2, 3]) {
      await builder.add(number, {
        title: `Anexo ${String(number)}: Nóminas`,
        open: () =>
          Promise.resolve({
            mimeType: 'application/pdf',
            content: Readable.from([file.subarray(0, 1_000_000), file.subarray(1_000_000)]),
            fileName: 'nominas.pdf',
            size: file.length,
          }),
      });
    }
    const { first } = await builder.finish();
    expect(first.pages).toBe(3);
    // The memory the open part keeps through its streams: every buffer they lie in, once.
    const buffers = new Set<ArrayBufferLike>();
    for (const [, object] of first.document.context.enumerateIndirectObjects()) {
      if (object instanceof PDFRawStream) buffers.add(object.contents.buffer);
    }
    const held = [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(held).toBeLessThan(1_000_000);
  });
});
