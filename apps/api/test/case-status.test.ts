import {
  addCalendarMonths,
  type CaseStatusView,
  caseStatusResponseSchema,
  formatDate,
  formatEuros,
  idSchema,
  madridDay,
  RULES,
  ruleSource,
} from '@cbp/core';
import { sampleHousehold } from '@cbp/core/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads, signedContracts } from '../src/db/schema';
import { addDays } from '../src/modules/billing/status';
import { saveCaseFile } from '../src/modules/documents/files';
import {
  type CaseClient,
  markFileReopened,
  markFileSent,
  newCaseClient,
  staffSession,
  stepState,
  storeUpload,
} from './case-file';
import { signBody } from './billing-helpers';
import { readMailbox, serverFor, text, variants, type TestServer } from './helpers';

async function statusOf(server: TestServer, client: CaseClient): Promise<CaseStatusView> {
  const response = await server.request('/api/case/status', { token: client.token });
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return caseStatusResponseSchema.parse(response.body).data;
}

/** What the history says, newest first, as "origin: action". */
function told(view: CaseStatusView): string[] {
  return view.historial.map((item) => `${item.origen}: ${item.accion}`);
}

async function subjectsTo(server: TestServer, email: string): Promise<string[]> {
  return (await readMailbox(server))
    .filter((message) => message.para === email)
    .map((message) => message.asunto);
}

describe.each(variants)('the client’s case status on $name', (variant) => {
  let today: string | undefined;
  const server = serverFor(variant, {}, { today: () => today ?? madridDay(new Date()) });

  async function staffPost(token: string, path: string, json: unknown) {
    const response = await server().request(path, { token, json });
    expect(response.status, response.text).toBe(200);
    return response;
  }

  it('asks for a session', async () => {
    const response = await server().request('/api/case/status');
    expect(response.status).toBe(401);
  });

  it('shows a new case: its phase from the firm’s table, its documents and how it started', async () => {
    const client = await newCaseClient(server());
    const view = await statusOf(server(), client);
    expect(view.estado).toMatchObject({
      fase: 'Nuevo',
      progreso: 10,
      siguientePaso: 'Documentación',
      estimacionTiempo: '1-2 días hábiles',
      prioridad: 'normal',
    });
    expect(told(view)).toEqual([
      'despacho: Tu caso está en «Nuevo»',
      'cliente: Solicitud recibida',
    ]);
    expect(view.historial[0]).toMatchObject({
      estado: 'en-progreso',
      descripcion: 'Siguiente paso: Documentación. Tiempo estimado: 1-2 días hábiles.',
    });
    expect(view.estado.ultimaActualizacion).toBe(view.historial[0]?.fecha);
    // Before the review: the household's declaración and padrón, holder 1's DNI, Registry and
    // AEAT certificates, and the two deeds.
    expect(view.documentos).toHaveLength(7);
    expect(view.documentos[0]?.id).toBe('hogar_declaracion-responsable');
    expect(view.documentos[2]).toEqual({
      id: '1_dni-nie',
      nombre: 'DNI/NIE',
      descripcion: 'Titular 1',
      estado: 'pendiente',
      fechaLimite: null,
      fechaEntrega: null,
      prioridad: 'normal',
    });
    expect(view.documentos.map((document) => document.descripcion).slice(-2)).toEqual([
      'Hipoteca',
      'Hipoteca',
    ]);
    expect(view.envio).toBeNull();
    expect(view.respuestaBanco).toBeNull();
    expect(await stepState(server(), client.token, 'estado-caso')).toBe('en-curso');
  });

  it('tells both sides of the story, newest first, and e-mails the client every change the firm makes', async () => {
    const client = await newCaseClient(server());
    const other = await newCaseClient(server());
    const staff = await staffSession(server());

    // The client: a calculation, three documents, the contract.
    const calculated = await server().request('/api/calculations', {
      token: client.token,
      json: sampleHousehold,
    });
    expect(calculated.status).toBe(201);
    const dni = await storeUpload(server(), client, '1/dni-nie', 'dni.pdf');
    const nota = await storeUpload(server(), client, 'hipoteca/escritura-hipoteca', 'nota.pdf');
    await storeUpload(server(), client, '1/certificado-titularidades', 'vida.pdf');
    const signed = await server().request('/api/contrato', {
      token: client.token,
      json: signBody({ metodo: 'transferencia' }),
    });
    expect(signed.status, signed.text).toBe(201);

    // The firm: reviews, the transfer, a phase move.
    await staffPost(staff, `/api/gestion/documents/${nota.id}/review`, { estado: 'aprobado' });
    await staffPost(staff, `/api/gestion/documents/${dni.id}/review`, {
      estado: 'rechazado',
      motivo: 'La foto está borrosa',
    });
    await staffPost(staff, `/api/gestion/leads/${client.leadId}/pagos/transferencia`, {
      tipo: 'unico',
      importe: 999,
      fechaValor: server().ctx.today(),
    });
    await staffPost(staff, `/api/gestion/leads/${client.leadId}/fase`, {
      fase: 'revision-documentacion',
      nota: 'Estamos revisando tus documentos.',
    });

    // The client delivers the documents and finalizes the review.
    const delivered = await server().request('/api/documents/entrega', {
      method: 'POST',
      token: client.token,
    });
    expect(delivered.status).toBe(200);
    const reviewed = await server().request('/api/expediente/revision', {
      method: 'PUT',
      token: client.token,
      json: {
        valores: {
          numeroTitulares: '1',
          miembrosUnidadFamiliar: '1',
          persona1Ingresos: 'Nomina',
          persona1Discapacidad: 'no',
        },
        paso: 4,
        pestana: 'personales',
        revision: 1,
      },
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    const finalized = await server().request('/api/expediente/revision/finalizar', {
      method: 'POST',
      token: client.token,
    });
    expect(finalized.status, finalized.text).toBe(200);

    const view = await statusOf(server(), client);
    expect(view.estado).toMatchObject({
      fase: 'Revisión de documentación',
      progreso: 40,
      siguientePaso: 'Envío al banco',
      estimacionTiempo: '5-7 días hábiles',
      prioridad: 'alta',
    });
    expect(told(view)).toEqual([
      'cliente: Revisión del expediente finalizada',
      'cliente: Documentación entregada',
      'despacho: Tu caso pasa a «Revisión de documentación»',
      'despacho: Transferencia confirmada',
      'despacho: Documento rechazado',
      'despacho: Documento aprobado',
      'cliente: Contrato firmado',
      'cliente: Documento subido',
      'cliente: Documento subido',
      'cliente: Documento subido',
      'cliente: Cuota calculada',
      'cliente: Solicitud recibida',
    ]);
    const fechas = view.historial.map((item) => Date.parse(item.fecha));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
    expect(view.estado.ultimaActualizacion).toBe(view.historial[0]?.fecha);
    const byAction = (accion: string) => view.historial.find((item) => item.accion === accion);
    expect(byAction('Tu caso pasa a «Revisión de documentación»')).toMatchObject({
      descripcion: 'Estamos revisando tus documentos.',
      estado: 'en-progreso',
    });
    expect(byAction('Documento rechazado')?.descripcion).toBe(
      'DNI/NIE (Titular 1). Motivo: La foto está borrosa',
    );
    expect(byAction('Transferencia confirmada')?.descripcion).toBe(
      'Hemos recibido tu transferencia de 999,00\u00a0€ (Pago Único).',
    );
    const result = calculated.body as {
      data: { resultado: { cumpleRequisitos: boolean; nuevaCuota: number } };
    };
    expect(byAction('Cuota calculada')?.descripcion).toBe(
      result.data.resultado.cumpleRequisitos
        ? `Con los datos de tu hipoteca, la nueva cuota sería de ${formatEuros(result.data.resultado.nuevaCuota)} al mes.`
        : 'Con los datos indicados no se cumplen los requisitos del Código de Buenas Prácticas.',
    );
    expect(
      view.historial.filter((item) => item.estado !== 'completado').map((item) => item.accion),
    ).toEqual(['Tu caso pasa a «Revisión de documentación»']);

    // The documents: due 15 days after the contract started, rejected first to fix.
    const [contract] = await server()
      .ctx.db.select({ startedAt: signedContracts.startedAt })
      .from(signedContracts)
      .where(eq(signedContracts.leadId, client.leadId));
    const due = addDays(
      madridDay(contract?.startedAt ?? new Date(0)),
      RULES.caseFile.documentsDueDays,
    );
    const document = (id: string) => view.documentos.find((entry) => entry.id === id);
    expect(document('1_dni-nie')).toEqual({
      id: '1_dni-nie',
      nombre: 'DNI/NIE',
      descripcion: 'Titular 1. Motivo del rechazo: La foto está borrosa',
      // Its own state: rejected is not 'nothing uploaded' (decision 0671).
      estado: 'rechazado',
      fechaLimite: due,
      fechaEntrega: null,
      prioridad: 'alta',
    });
    expect(document('hipoteca_escritura-hipoteca')).toMatchObject({
      estado: 'completado',
      fechaEntrega: nota.createdAt.toISOString(),
      fechaLimite: null,
      descripcion: 'Hipoteca',
    });
    expect(document('1_certificado-titularidades')).toMatchObject({
      estado: 'en-revision',
      prioridad: 'normal',
    });
    expect(document('1_nominas')).toMatchObject({ estado: 'pendiente', fechaLimite: due });
    for (const entry of view.documentos) expect(idSchema.safeParse(entry.id).success).toBe(true);

    // Every change the firm made reached the client by e-mail.
    const subjects = await subjectsTo(server(), client.email);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Documento aprobado: Escritura de la hipoteca',
        'Necesitamos otro archivo: DNI/NIE (Titular 1)',
        'Pago recibido: Pago Único',
        'Tu caso avanza: Revisión de documentación',
      ]),
    );

    // Sent, the bank's term shows with its source, but no date until the firm presents it.
    await markFileSent(server(), client);
    const sent = await statusOf(server(), client);
    expect(told(sent)[0]).toBe('cliente: Expediente enviado');
    expect(sent.envio).toEqual({
      enviadoEl: expect.any(String) as string,
      plazoBanco: { plazoMeses: RULES.bank.answerMonths, fuente: ruleSource('bank.answerMonths') },
    });
    expect(sent.respuestaBanco).toBeNull();
    // In «Envío al banco» the next step is the bank's answer: its estimate is the legal month
    // the bank-term section states, with the same source, never a figure of days.
    await server()
      .ctx.db.update(leads)
      .set({ phaseId: 'envio-banco', estado: 'Envío al banco' })
      .where(eq(leads.id, client.leadId));
    const waiting = await statusOf(server(), client);
    expect(waiting.estado).toMatchObject({
      fase: 'Envío al banco',
      siguientePaso: 'Respuesta del banco',
      estimacionTiempo: 'Hasta un mes desde que presentemos tu solicitud a tu banco',
      fuenteEstimacion: ruleSource('bank.answerMonths'),
    });
    const presentedOn = madridDay(new Date());
    await staffPost(staff, `/api/gestion/leads/${client.leadId}/expediente/presentacion`, {
      fecha: presentedOn,
    });
    const presented = await statusOf(server(), client);
    expect(presented.respuestaBanco).toEqual({
      presentadoEl: presentedOn,
      fechaLimite: addCalendarMonths(presentedOn, RULES.bank.answerMonths),
      plazoMeses: RULES.bank.answerMonths,
      fuente: ruleSource('bank.answerMonths'),
    });
    expect(presented.estado).toMatchObject({
      estimacionTiempo: `Tu banco debe responder antes del ${formatDate(addCalendarMonths(presentedOn, RULES.bank.answerMonths))}`,
      fuenteEstimacion: ruleSource('bank.answerMonths'),
    });
    expect(told(presented)[0]).toBe('despacho: Solicitud presentada a tu banco');
    expect(presented.historial[0]?.descripcion).toBe(
      `Presentamos tu solicitud a Banco Santander el ${formatDate(presentedOn)}.`,
    );
    // Reopened by the firm, the deadline goes and the note shows.
    await markFileReopened(server(), client, 'Necesitamos la nota simple de este mes.');
    const reopened = await statusOf(server(), client);
    expect(reopened.envio).toBeNull();
    expect(reopened.respuestaBanco).toBeNull();
    expect(reopened.historial[0]).toMatchObject({
      accion: 'Expediente reabierto por el despacho',
      descripcion: 'Necesitamos la nota simple de este mes.',
      origen: 'despacho',
    });

    // A refund, and the end of the case.
    await staffPost(staff, `/api/gestion/leads/${client.leadId}/reembolso`, {
      motivo: 'banco-rechaza',
    });
    await staffPost(staff, `/api/gestion/leads/${client.leadId}/fase`, {
      fase: 'cerrado',
      nota: 'El banco ha respondido y cerramos tu caso.',
    });
    const closed = await statusOf(server(), client);
    expect(told(closed).slice(0, 2)).toEqual([
      'despacho: Tu caso pasa a «Cerrado»',
      'despacho: Reembolso',
    ]);
    expect(closed.historial.every((item) => item.estado === 'completado')).toBe(true);
    expect(closed.historial[1]?.descripcion).toBe(
      'Te hemos devuelto 999,00\u00a0€ por transferencia.',
    );
    expect(await stepState(server(), client.token, 'estado-caso')).toBe('completado');
    const later = await subjectsTo(server(), client.email);
    expect(later.some((subject) => subject.startsWith('Te hemos devuelto 999,00'))).toBe(true);
    expect(later).toContain('Tu caso avanza: Cerrado');

    // Nothing of it reaches another client.
    const others = await statusOf(server(), other);
    expect(told(others)).toEqual([
      'despacho: Tu caso está en «Nuevo»',
      'cliente: Solicitud recibida',
    ]);
    expect(others.estado.prioridad).toBe('normal');
    expect(others.respuestaBanco).toBeNull();
  });

  it('dates the bank’s answer one calendar month after the presentation, on the last day of a shorter month', async () => {
    const staff = await staffSession(server());
    const present = (client: CaseClient, fecha: string) =>
      staffPost(staff, `/api/gestion/leads/${client.leadId}/expediente/presentacion`, { fecha });
    try {
      today = '2027-02-03';
      const client = await newCaseClient(server());
      // 23:30 UTC on 30 January 2027 is already the 31st in Spain.
      await markFileSent(server(), client, new Date('2027-01-30T23:30:00Z'));
      const before = await statusOf(server(), client);
      expect(before.envio?.enviadoEl).toBe('2027-01-30T23:30:00.000Z');
      expect(before.respuestaBanco).toBeNull();

      await present(client, '2027-01-31');
      expect((await statusOf(server(), client)).respuestaBanco).toEqual({
        presentadoEl: '2027-01-31',
        fechaLimite: '2027-02-28',
        plazoMeses: 1,
        fuente: ruleSource('bank.answerMonths'),
      });
      // Corrected: the date counts from the new day.
      await present(client, '2027-02-02');
      expect((await statusOf(server(), client)).respuestaBanco?.fechaLimite).toBe('2027-03-02');

      today = '2028-02-01';
      const leap = await newCaseClient(server());
      await markFileSent(server(), leap, new Date('2028-01-31T09:00:00Z'));
      await present(leap, '2028-01-31');
      expect((await statusOf(server(), leap)).respuestaBanco?.fechaLimite).toBe('2028-02-29');
    } finally {
      today = undefined;
    }
  });

  it('lists the documents of the household the review set, and those retrieved with Cl@ve', async () => {
    const client = await newCaseClient(server());
    const saved = await server().request('/api/expediente/revision', {
      method: 'PUT',
      token: client.token,
      json: {
        valores: { numeroTitulares: '2', miembrosUnidadFamiliar: '3', persona3Ingresos: 'Nomina' },
        paso: 1,
        pestana: 'personales',
        revision: 1,
      },
    });
    expect(saved.status).toBe(200);
    const renta = await saveCaseFile(server().ctx, {
      leadId: client.leadId,
      origin: 'obtenido',
      model: 'HACIENDA_RENTA',
      modelYear: 2023,
      providerDocumentId: `renta-${client.leadId}`,
      fileName: 'renta-2023.pdf',
      mimeType: 'application/pdf',
      body: Buffer.from('%PDF-1.7\nrenta\n'),
    });
    const view = await statusOf(server(), client);
    // The household's 3 (declaración, libro de familia, padrón), 3 per person and the member's
    // payslips, the 2 deeds and the retrieved return, which fills holder 1's AEAT certificate.
    expect(view.documentos).toHaveLength(3 + 3 * 3 + 1 - 1 + 2 + 1);
    expect(new Set(view.documentos.map((document) => document.descripcion))).toEqual(
      new Set([
        'Unidad familiar',
        'Titular 1',
        'Titular 2',
        'Miembro 1',
        'Hipoteca',
        'Obtenido con Cl@ve',
      ]),
    );
    expect(view.documentos.map((document) => document.id)).not.toContain(
      '1_certificado-renta-aeat',
    );
    expect(view.documentos.at(-1)).toEqual({
      id: `obtenido-${renta.id}`,
      nombre: 'Declaración de la Renta 2023',
      descripcion: 'Obtenido con Cl@ve',
      estado: 'en-revision',
      fechaLimite: null,
      fechaEntrega: renta.createdAt.toISOString(),
      prioridad: 'normal',
    });
    expect(told(view)).toContain('cliente: Documento obtenido con Cl@ve');
    expect(view.documentos.map((document) => document.id)).toContain('miembro-1_nominas');
    expect(text(saved.body, 'data', 'valores', 'numeroTitulares')).toBe('2');
  });
});
