import { createHash } from 'node:crypto';
import {
  DECLARATION_MESSAGES,
  declarationResponseSchema,
  REVIEW_SERVER_MESSAGES,
  type DeclarationView,
} from '@cbp/core';
import { workingPartnerReview } from '@cbp/core/testing';
import { asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { calculations, leads, signedDeclarations } from '../src/db/schema';
import { auditsAbout, markFileSent, saveReviewDraft } from './case-file';
import { type Client, newClient, signaturePng, staffToken } from './billing-helpers';
import { serverFor, variants } from './helpers';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Prueba/1.0';

function reviewValues(client: Client, overrides: Record<string, string> = {}) {
  return {
    ...workingPartnerReview,
    nombre: 'Lucía',
    apellidos: 'Pérez García',
    telefono: '612345678',
    email: client.email,
    domicilio: 'Calle del Olmo 7, 3.º B, 28012 Madrid',
    bancoHipoteca: 'caixabank',
    pagoMensualHipoteca: '950',
    cuotaHace4Anos: '590',
    ingresosBrutosAnuales: '22.800',
    ingresosNetosAnuales: '19.200',
    ingresosHace4Anos: '21.000',
    ...overrides,
  };
}

const normalized = (text: string) => text.replace(/\s+/g, ' ');

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return normalized(text);
}

describe.each(variants)('the declaración responsable on $name', (variant) => {
  const server = serverFor(variant);

  async function saveReview(client: Client, values: Record<string, string>, finalized = true) {
    await saveReviewDraft(server(), client.leadId, values, finalized);
  }

  /** A calculation as the calculator stores it, with the household's circumstances. */
  async function calculate(client: Client, circunstancias: Record<string, string> | undefined) {
    const [lead] = await server()
      .ctx.db.select({ userId: leads.userId })
      .from(leads)
      .where(eq(leads.id, client.leadId));
    await server()
      .ctx.db.insert(calculations)
      .values({
        leadId: client.leadId,
        userId: lead?.userId ?? '',
        inputs: { capitalPendiente: 145000, ...(circunstancias ? { circunstancias } : {}) },
        result: {},
        evaluationDate: '2026-11-28',
        rulesVersion: 'prueba',
      });
  }

  async function view(client: Client): Promise<DeclarationView> {
    const response = await server().request('/api/expediente/declaracion', { token: client.token });
    expect(response.status, response.text).toBe(200);
    return declarationResponseSchema.parse(response.body).data;
  }

  async function signWith(client: Client, huella: string, firma?: Record<string, unknown>) {
    return server().request('/api/expediente/declaracion', {
      token: client.token,
      headers: { 'user-agent': BROWSER },
      json: { huella, firma: firma ?? { tipo: 'dibujada', imagen: await signaturePng() } },
    });
  }

  async function rows(client: Client) {
    return server()
      .ctx.db.select()
      .from(signedDeclarations)
      .where(eq(signedDeclarations.leadId, client.leadId))
      .orderBy(asc(signedDeclarations.signedAt));
  }

  async function audits(client: Client, action: string) {
    return auditsAbout(server(), client.leadId, action);
  }

  async function download(path: string, token: string) {
    const response = await fetch(`${server().url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  it('cannot be signed until the review is finished', async () => {
    const client = await newClient(server());
    expect(await view(client)).toEqual({
      estado: 'no-disponible',
      motivo: DECLARATION_MESSAGES.reviewNotFinished,
      texto: [],
      huella: null,
      firmadaEn: null,
      sha256: null,
    });
    await saveReview(client, reviewValues(client), false);
    const refused = await signWith(client, 'a'.repeat(64));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: DECLARATION_MESSAGES.reviewNotFinished });
    expect(await rows(client)).toEqual([]);
    expect(await audits(client, 'declaration.signed')).toEqual([]);
  });

  it('is signed with the contract’s evidence, stored, audited, and signing it again changes nothing', async () => {
    const client = await newClient(server());
    await saveReview(client, reviewValues(client));
    await calculate(client, { 'mayor-60': 'anterior' });

    const before = await view(client);
    expect(before.estado).toBe('sin-firmar');
    const text = before.texto.join('\n').replace(/\u00a0/g, ' ');
    expect(text).toContain(
      'Lucía Pérez García, con domicilio en Calle del Olmo 7, 3.º B, 28012 Madrid',
    );
    expect(text).toContain('artículo 3.3.d) del Real Decreto-ley 6/2012');
    expect(text).toContain('concedido por CaixaBank, que tiene un titular');
    expect(text).toContain('– Titular 1 (quien declara): no tiene ingresos.');
    expect(text).toContain('– Miembro 1 (pareja de hecho): fuente de ingresos: nómina.');
    expect(text).toContain('– Ingresos netos anuales de la unidad familiar: 19.200,00 €.');
    expect(text).toContain(
      '– El deudor es mayor de 60 años (existente desde antes de los últimos cuatro años).',
    );
    expect(text).toContain(
      'Que reúne los requisitos establecidos en el artículo 3 del Real Decreto-ley 6/2012',
    );
    expect(text).toContain('artículo 7 del Real Decreto-ley 6/2012');
    expect(before.huella).toMatch(/^[0-9a-f]{64}$/);

    const signed = await signWith(client, before.huella ?? '');
    expect(signed.status, signed.text).toBe(201);
    const after = declarationResponseSchema.parse(signed.body).data;
    expect(after).toMatchObject({ estado: 'firmada', huella: before.huella, texto: before.texto });
    const [row] = await rows(client);
    expect(row).toMatchObject({
      factsSha256: before.huella,
      signatureKind: 'dibujada',
      userAgent: BROWSER,
      supersededAt: null,
    });
    expect(row?.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);

    // The client downloads it: the PDF states the facts and the signature's evidence.
    const { response, bytes } = await download('/api/expediente/declaracion/pdf', client.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('declaracion-responsable-');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(after.sha256).toBe(sha256);
    expect(row?.sha256).toBe(sha256);
    const pdf = await pdfText(bytes);
    expect(pdf).toContain('Declaración responsable');
    expect(pdf).toContain('Titular 1 (quien declara): no tiene ingresos.');
    expect(pdf).toContain('El deudor es mayor de 60 años');
    expect(pdf).toContain('Firma dibujada por quien declara en la pantalla.');
    expect(pdf).toContain(BROWSER);
    expect(pdf).toContain(row?.signatureSha256 ?? 'falta');
    expect(pdf).toContain(before.huella ?? 'falta');

    // The audit row keeps the PDF's and the signature's fingerprints.
    const [audit] = await audits(client, 'declaration.signed');
    expect(audit).toMatchObject({ actorKind: 'cliente', actorEmail: client.email });
    expect(audit?.after).toEqual({
      declaracion: row?.id,
      sha256,
      firmaSha256: row?.signatureSha256,
      firma: 'dibujada',
      datosSha256: before.huella,
    });

    // Signing the same declaration again answers it unchanged: no new PDF, row or audit.
    const again = await signWith(client, before.huella ?? '', {
      tipo: 'escrita',
      nombre: 'Lucía Pérez García',
    });
    expect(again.status).toBe(200);
    expect(declarationResponseSchema.parse(again.body).data).toEqual(after);
    expect(await rows(client)).toHaveLength(1);
    expect(await audits(client, 'declaration.signed')).toHaveLength(1);

    // The firm downloads the same file, and the download is audited.
    const staff = await staffToken(server());
    const firm = await download(`/api/gestion/leads/${client.leadId}/declaracion/pdf`, staff);
    expect(firm.response.status).toBe(200);
    expect(createHash('sha256').update(firm.bytes).digest('hex')).toBe(sha256);
    expect(await audits(client, 'declaration.viewed')).toHaveLength(1);
    // A client's session does not reach the firm's route, nor another client's declaration.
    const stranger = await newClient(server());
    expect(
      (await download(`/api/gestion/leads/${client.leadId}/declaracion/pdf`, client.token)).response
        .status,
    ).toBe(403);
    expect(
      (await download('/api/expediente/declaracion/pdf', stranger.token)).response.status,
    ).toBe(404);
  });

  it('is no longer valid once the review says something else, and is signed again', async () => {
    const client = await newClient(server());
    await saveReview(client, reviewValues(client));
    const first = await view(client);
    expect((await signWith(client, first.huella ?? '')).status).toBe(201);

    // The partner now has no income either: the signed declaration no longer says that.
    await saveReview(client, reviewValues(client, { persona2Ingresos: 'No tiene ingresos' }));
    const changed = await view(client);
    expect(changed.estado).toBe('desactualizada');
    expect(changed.huella).not.toBe(first.huella);
    expect(changed.texto.join('\n')).toContain('– Miembro 1 (pareja de hecho): no tiene ingresos.');
    const send = await server().request('/api/expediente/envio', { token: client.token });
    expect(
      (send.body as { data: { faltan: { tipo: string; mensaje: string }[] } }).data.faltan,
    ).toContainEqual({
      tipo: 'declaracion',
      mensaje: DECLARATION_MESSAGES.changed,
      enlace: '/app/enviar-expediente',
    });

    // What the screen showed before the change cannot be signed any more.
    const stale = await signWith(client, first.huella ?? '');
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: DECLARATION_MESSAGES.changedWhileSigning });

    // A new calculation that records circumstances changes the declaration too.
    await calculate(client, {});
    const withCalculation = await view(client);
    expect(withCalculation.huella).not.toBe(changed.huella);
    expect(withCalculation.texto.join('\n')).toContain(
      'no concurre ninguna de las circunstancias de especial vulnerabilidad',
    );

    const resigned = await signWith(client, withCalculation.huella ?? '');
    expect(resigned.status).toBe(201);
    const all = await rows(client);
    expect(all).toHaveLength(2);
    expect(all[0]?.supersededAt).not.toBeNull();
    expect(all[1]?.supersededAt).toBeNull();
    const audits2 = await audits(client, 'declaration.signed');
    expect(audits2).toHaveLength(2);
    expect(audits2[1]?.before).toEqual({
      declaracion: all[0]?.id,
      sha256: all[0]?.sha256,
      vigente: false,
    });
    expect((await view(client)).estado).toBe('firmada');

    // The client's history shows each signature.
    const status = await server().request('/api/case/status', { token: client.token });
    // The status screen's row reads as signed, on that day, with the household's documents.
    const documentos = (
      status.body as {
        data: { documentos: { id: string; estado: string; descripcion: string }[] };
      }
    ).data.documentos;
    expect(documentos.find((item) => item.id === 'hogar_declaracion-responsable')).toEqual({
      id: 'hogar_declaracion-responsable',
      nombre: 'Declaración responsable',
      descripcion: 'Unidad familiar',
      estado: 'completado',
      fechaLimite: null,
      fechaEntrega: all[1]?.signedAt.toISOString(),
      prioridad: 'normal',
    });
    const historial = (status.body as { data: { historial: { accion: string; origen: string }[] } })
      .data.historial;
    expect(historial.filter((item) => item.accion === 'Declaración responsable firmada')).toEqual([
      expect.objectContaining({ origen: 'cliente' }),
      expect.objectContaining({ origen: 'cliente' }),
    ]);
  });

  it('keeps one signature when the same declaration is signed twice at once', async () => {
    const client = await newClient(server());
    await saveReview(client, reviewValues(client));
    const { huella } = await view(client);
    const answers = await Promise.all([
      signWith(client, huella ?? ''),
      signWith(client, huella ?? ''),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(await rows(client)).toHaveLength(1);
    expect(await audits(client, 'declaration.signed')).toHaveLength(1);
  });

  it('is not signed once the file is sent', async () => {
    const client = await newClient(server());
    await saveReview(client, reviewValues(client));
    const current = await view(client);
    const [lead] = await server()
      .ctx.db.select({ userId: leads.userId })
      .from(leads)
      .where(eq(leads.id, client.leadId));
    await markFileSent(server(), { ...client, userId: lead?.userId ?? '' });
    const refused = await signWith(client, current.huella ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: REVIEW_SERVER_MESSAGES.locked });
  });
});
