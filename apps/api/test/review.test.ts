import {
  documentsOverviewResponseSchema,
  type ReviewDraft,
  type ReviewDraftRequest,
  reviewDraftResponseSchema,
  REVIEW_SERVER_MESSAGES,
  UPLOAD_PATH,
} from '@cbp/core';
import { sampleHousehold, singleParentReview } from '@cbp/core/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, calculations, documents, leads } from '../src/db/schema';
import {
  type CaseClient,
  markFileReopened,
  markFileSent,
  newCaseClient,
  staffSession,
  stepState,
  storeUpload,
} from './case-file';
import { serverFor, variants } from './helpers';

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

function save(
  revision: number,
  valores: ReviewDraftRequest['valores'],
  extra: Partial<ReviewDraftRequest> = {},
): ReviewDraftRequest {
  return { valores, paso: 2, pestana: 'hipoteca', revision, ...extra };
}

describe.each(variants)('the review of the client’s file on $name', (variant) => {
  const server = serverFor(variant);

  async function read(client: CaseClient): Promise<ReviewDraft> {
    const response = await server().request('/api/expediente/revision', { token: client.token });
    expect(response.status, response.text).toBe(200);
    return reviewDraftResponseSchema.parse(response.body).data;
  }

  async function put(client: CaseClient, body: unknown) {
    return server().request('/api/expediente/revision', {
      method: 'PUT',
      token: client.token,
      json: body,
    });
  }

  async function saved(client: CaseClient, body: ReviewDraftRequest): Promise<ReviewDraft> {
    const response = await put(client, body);
    expect(response.status, response.text).toBe(200);
    return reviewDraftResponseSchema.parse(response.body).data;
  }

  async function finalize(client: CaseClient) {
    return server().request('/api/expediente/revision/finalizar', {
      method: 'POST',
      token: client.token,
    });
  }

  async function checklistHolders(client: CaseClient): Promise<string[]> {
    const response = await server().request('/api/documents', { token: client.token });
    expect(response.status).toBe(200);
    return Object.keys(documentsOverviewResponseSchema.parse(response.body).data.checklist.holders);
  }

  it('asks for a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/expediente/revision'],
      ['PUT', '/api/expediente/revision'],
      ['POST', '/api/expediente/revision/finalizar'],
    ] as const) {
      const response = await server().request(path, {
        method,
        ...(method === 'PUT' ? { json: save(1, {}) } : {}),
      });
      expect(response.status).toBe(401);
    }
  });

  it('starts from what the product knows: contact, the latest calculation and the documents', async () => {
    const client = await newCaseClient(server(), { nombre: 'Lucía', apellidos: 'Pérez García' });
    const calculated = await server().request('/api/calculations', {
      token: client.token,
      json: { ...sampleHousehold, capitalPendiente: '123.456,78', tipoInteres: 3.25 },
    });
    expect(calculated.status, calculated.text).toBe(201);
    await storeUpload(server(), client, '1/nominas', 'nomina.pdf');

    const review = await read(client);
    expect(review).toMatchObject({
      revision: 0,
      paso: 1,
      pestana: 'personales',
      actualizado: null,
      finalizada: null,
      bloqueado: false,
    });
    // The counts are not prefilled: nobody asked them yet (decision 0632).
    expect(review.valores).toEqual({
      nombre: 'Lucía',
      apellidos: 'Pérez García',
      telefono: expect.any(String) as string,
      email: client.email,
      bancoHipoteca: 'Banco Santander',
      plazoOriginalHipoteca: '30',
      interesAnual: '3,25',
      cantidadPorPagar: '123.456,78',
      pagoMensualHipoteca: '1.100',
      cuotaJunio2022: '750',
      cuotaHace4Anos: '700',
      ingresosBrutosAnuales: '30.000',
      ingresosNetosAnuales: '24.000',
      ingresosHace4Anos: '24.000',
      persona1Ingresos: 'Nomina',
    });
    expect(review.prefill.numeroTitulares).toBeUndefined();
    expect(review.prefill.miembrosUnidadFamiliar).toBeUndefined();
    expect(review.prefill).toMatchObject({
      nombre: 'contacto',
      cantidadPorPagar: 'calculadora',
      bancoHipoteca: 'calculadora',
      persona1Ingresos: 'documentos',
    });
    expect(await stepState(server(), client.token, 'revisar-expediente')).toBe('no-empezado');
  });

  it('prefills no income type from a payslip the firm rejected', async () => {
    const client = await newCaseClient(server());
    const payslip = await storeUpload(server(), client, '1/nominas');
    const staff = await staffSession(server());
    const rejected = await server().request(`/api/gestion/documents/${payslip.id}/review`, {
      token: staff,
      json: { estado: 'rechazado', motivo: 'No es una nómina' },
    });
    expect(rejected.status).toBe(200);
    expect((await read(client)).valores.persona1Ingresos).toBeUndefined();
  });

  it('keeps each client’s review apart', async () => {
    const ana = await newCaseClient(server(), { nombre: 'Ana' });
    const bruno = await newCaseClient(server(), { nombre: 'Bruno' });
    await saved(ana, save(1, { nombre: 'Ana María', domicilio: 'Calle Mayor 1, Madrid' }));

    const brunos = await read(bruno);
    expect(brunos.revision).toBe(0);
    expect(brunos.valores.nombre).toBe('Bruno');
    expect(brunos.valores.domicilio).toBeUndefined();
    const anas = await read(ana);
    expect(anas.valores).toEqual({ nombre: 'Ana María', domicilio: 'Calle Mayor 1, Madrid' });
    expect(anas.prefill).toEqual({});
    // A kept value still equal to what the product knows keeps its source; typed counts do not.
    const kept = await saved(
      ana,
      save(2, { nombre: 'Ana', numeroTitulares: '1', miembrosUnidadFamiliar: '1' }),
    );
    expect(kept.prefill).toEqual({ nombre: 'contacto' });
  });

  it('keeps a save only when its revision is newer: late and repeated saves change nothing', async () => {
    const client = await newCaseClient(server());
    const third = await saved(client, save(3, { domicilio: 'Tercera' }, { paso: 3 }));
    expect(third).toMatchObject({ revision: 3, paso: 3, valores: { domicilio: 'Tercera' } });
    expect(third.actualizado).not.toBeNull();

    const late = await saved(client, save(2, { domicilio: 'Segunda' }));
    expect(late).toMatchObject({ revision: 3, paso: 3, valores: { domicilio: 'Tercera' } });
    const repeated = await saved(client, save(3, { domicilio: 'Otra con la misma' }));
    expect(repeated.valores).toEqual({ domicilio: 'Tercera' });
    expect((await read(client)).valores).toEqual({ domicilio: 'Tercera' });
    expect(await stepState(server(), client.token, 'revisar-expediente')).toBe('en-curso');
  });

  it('ends with the newest of many saves sent at once, in any order', async () => {
    const client = await newCaseClient(server());
    const revisions = [7, 4, 12, 5, 9, 11, 6, 10, 8, 13];
    const answers = await Promise.all(
      revisions.map((revision) => put(client, save(revision, { domicilio: `Piso ${revision}` }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(revisions.map(() => 200));
    const kept = await read(client);
    expect(kept.revision).toBe(13);
    expect(kept.valores.domicilio).toBe('Piso 13');
  });

  it('refuses what is not a save, in Spanish, and never fails on it', async () => {
    const client = await newCaseClient(server());
    const bodies: unknown[] = [
      {},
      [],
      'texto',
      save(0, {}),
      save(1.5, {}),
      { ...save(1, {}), revision: '2' },
      save(1, {}, { paso: 5 as 1 }),
      save(1, {}, { pestana: 'otra' as 'hipoteca' }),
      save(1, { numeroTitulares: 2 as unknown as string }),
      save(1, { campoRaro: 'x' } as ReviewDraftRequest['valores']),
      save(1, { domicilio: 'x'.repeat(301) }),
      { ...save(1, {}), extra: true },
      save(Number.MAX_SAFE_INTEGER + 2, {}),
      // The database cannot keep a NUL: refused before it gets there.
      save(1, { domicilio: 'Calle Mayor\u00001' }),
      save(1, { nombre: 'Ana\u202Eoiram' }),
    ];
    for (const body of bodies) {
      const response = await put(client, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect((response.body as { message: string }).message).toMatch(/^[A-ZÁÉÍÓÚ¿¡]/);
    }
    const broken = await server().request('/api/expediente/revision', {
      method: 'PUT',
      token: client.token,
      body: '{"valores":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await read(client)).revision).toBe(0);
  });

  it('answers why it cannot finalize, field by field, in the form’s words', async () => {
    const client = await newCaseClient(server());
    await saved(
      client,
      save(1, {
        numeroTitulares: '0',
        telefono: 'abc',
        email: 'x@',
        interesAnual: '3,333',
        cantidadPorPagar: 'mucho',
        plazoOriginalHipoteca: '30,5',
      }),
    );
    const refused = await finalize(client);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'Revisa los datos marcados antes de finalizar la revisión.',
      errors: {
        numeroTitulares: 'Introduce un número entre 1 y 10',
        miembrosUnidadFamiliar: 'Este campo es obligatorio',
        telefono: 'Introduce un teléfono español válido (9 dígitos)',
        email: 'Introduce un correo electrónico válido',
        plazoOriginalHipoteca: 'Introduce el plazo en años enteros',
        interesAnual: 'El interés admite como máximo dos decimales',
        cantidadPorPagar: 'Introduce un importe en euros',
      },
    });
    expect((await read(client)).finalizada).toBeNull();
  });

  it('finalizes a valid review once, audited; a later change of the values undoes it', async () => {
    const client = await newCaseClient(server());
    const values = {
      numeroTitulares: '2',
      miembrosUnidadFamiliar: '3',
      persona1Ingresos: 'Nomina',
      persona1Discapacidad: 'no',
      persona2Ingresos: 'No tiene ingresos',
      persona2Discapacidad: 'no',
      persona3Ingresos: 'No tiene ingresos',
      persona3Relacion: 'hijo-hija',
      persona3Menor: 'si',
      persona3Discapacidad: 'no',
    };
    await saved(client, save(1, values));
    const accepted = await finalize(client);
    expect(accepted.status, accepted.text).toBe(200);
    const finalized = reviewDraftResponseSchema.parse(accepted.body).data;
    expect(finalized.finalizada).not.toBeNull();
    expect(await stepState(server(), client.token, 'revisar-expediente')).toBe('completado');

    const again = reviewDraftResponseSchema.parse((await finalize(client)).body).data;
    expect(again.finalizada).toBe(finalized.finalizada);
    const audits = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.finalized'), eq(auditLog.subjectId, client.leadId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorKind: 'cliente', actorId: client.userId });

    // Moving between steps keeps the values: still finalized.
    const moved = await saved(client, save(2, values, { paso: 4, pestana: 'personales' }));
    expect(moved.finalizada).toBe(finalized.finalizada);
    const changed = await saved(client, save(3, { ...values, domicilio: 'Calle Nueva 2' }));
    expect(changed.finalizada).toBeNull();
    expect(await stepState(server(), client.token, 'revisar-expediente')).toBe('en-curso');
  });

  it('refuses to finalize the prefill: the counts were never given', async () => {
    const client = await newCaseClient(server());
    const refused = await finalize(client);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: {
        numeroTitulares: 'Este campo es obligatorio',
        miembrosUnidadFamiliar: 'Este campo es obligatorio',
      },
    });
    expect((await read(client)).finalizada).toBeNull();
  });

  it('refuses to finalize while a person’s income, relationship, age or disability is missing, naming them', async () => {
    const client = await newCaseClient(server());
    const values = {
      numeroTitulares: '1',
      miembrosUnidadFamiliar: '2',
      persona1Ingresos: 'No tiene ingresos',
      persona2Ingresos: 'Nomina',
      persona2Menor: 'no',
      persona2Discapacidad: 'no',
    };
    await saved(client, save(1, values));
    const refused = await finalize(client);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message:
        'Falta indicar si tiene reconocida una discapacidad, dependencia o incapacidad (Titular 1) y la relación con el titular (Miembro 1). Revisa los datos marcados antes de finalizar la revisión.',
      errors: {
        persona1Discapacidad: 'Este campo es obligatorio',
        persona2Relacion: 'Este campo es obligatorio',
      },
    });
    // What was typed is kept.
    expect((await read(client)).valores).toMatchObject(values);
    await saved(
      client,
      save(2, { ...values, persona1Discapacidad: 'no', persona2Relacion: 'conyuge' }),
    );
    const accepted = await finalize(client);
    expect(accepted.status, accepted.text).toBe(200);
    // The checklist now follows the household: the spouse's payslips, nothing of the kind for
    // the holder without income, and nothing left to wait for.
    const listed = documentsOverviewResponseSchema.parse(
      (await server().request('/api/documents', { token: client.token })).body,
    ).data;
    expect(listed.datosPendientes).toBe(false);
    const ids = (key: string) =>
      (listed.checklist.holders[key]?.laboral ?? []).map((entry) => entry.id);
    expect(ids('1')).toEqual(['1/certificado-renta-aeat']);
    expect(ids('miembro-1')).toEqual(['miembro-1/certificado-renta-aeat', 'miembro-1/nominas']);
    expect(listed.checklist.hogar.map((entry) => entry.id)).toContain('hogar/libro-de-familia');
  });

  it('locks the review and the documents while the file is sent, until the firm reopens it', async () => {
    const client = await newCaseClient(server());
    await storeUpload(server(), client, '1/dni-nie');
    await saved(client, save(1, { numeroTitulares: '1', miembrosUnidadFamiliar: '1' }));
    await markFileSent(server(), client);

    expect((await read(client)).bloqueado).toBe(true);
    const locked = { message: REVIEW_SERVER_MESSAGES.locked };
    const change = await put(client, save(2, { domicilio: 'Otra' }));
    expect({ status: change.status, body: change.body }).toEqual({ status: 409, body: locked });
    const finalized = await finalize(client);
    expect({ status: finalized.status, body: finalized.body }).toEqual({
      status: 409,
      body: locked,
    });
    const upload = await server().request(UPLOAD_PATH, {
      method: 'POST',
      token: client.token,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '20',
        'Upload-Metadata': `documentId ${base64('1/nominas')},filename ${base64('nomina.pdf')}`,
      },
    });
    expect({ status: upload.status, body: upload.body }).toEqual({ status: 409, body: locked });
    const delivery = await server().request('/api/documents/entrega', {
      method: 'POST',
      token: client.token,
    });
    expect({ status: delivery.status, body: delivery.body }).toEqual({ status: 409, body: locked });
    expect((await read(client)).revision).toBe(1);

    await markFileReopened(server(), client, 'Falta la nota simple actualizada.');
    const reopened = await saved(client, save(2, { domicilio: 'Otra' }));
    expect(reopened).toMatchObject({ revision: 2, bloqueado: false });
    const deliveredAgain = await server().request('/api/documents/entrega', {
      method: 'POST',
      token: client.token,
    });
    expect(deliveredAgain.status).toBe(200);
  });

  it('asks each household the law’s documents, the circumstances’ proof from the newest calculation', async () => {
    const client = await newCaseClient(server());
    const listed = async () =>
      documentsOverviewResponseSchema.parse(
        (await server().request('/api/documents', { token: client.token })).body,
      ).data;
    const household = async () => (await listed()).checklist.hogar.map((entry) => entry.id);
    // A single-parent family: the holder works, the child is a minor.
    await saved(client, save(1, singleParentReview));
    const child = (await listed()).checklist.holders['miembro-1'];
    expect(
      [...(child?.personal ?? []), ...(child?.laboral ?? [])].map((entry) => entry.id),
    ).toEqual(['miembro-1/certificado-titularidades']);
    // A calculation without circumstances (as every one before them) asks no proof.
    const calculation = {
      leadId: client.leadId,
      userId: client.userId,
      result: {},
      evaluationDate: '2026-11-20',
      rulesVersion: 'prueba',
    };
    await server()
      .ctx.db.insert(calculations)
      .values({
        ...calculation,
        inputs: { ...sampleHousehold },
        createdAt: new Date(Date.now() - 60_000),
      });
    expect(await household()).toEqual([
      'hogar/declaracion-responsable',
      'hogar/libro-de-familia',
      'hogar/certificado-de-empadronamiento',
    ]);
    // The newest calculation says the family is single-parent and large: each one's proof.
    await server()
      .ctx.db.insert(calculations)
      .values({
        ...calculation,
        inputs: {
          ...sampleHousehold,
          circunstancias: {
            monoparental: 'reciente',
            'familia-numerosa': 'anterior',
            menor: 'anterior',
          },
        },
      });
    expect(await household()).toEqual([
      'hogar/declaracion-responsable',
      'hogar/libro-de-familia',
      'hogar/certificado-de-empadronamiento',
      'hogar/titulo-familia-numerosa',
      'hogar/acreditacion-monoparental',
    ]);
    const proof = (await listed()).checklist.hogar.find(
      (entry) => entry.id === 'hogar/acreditacion-monoparental',
    );
    expect(proof).toMatchObject({ necesario: true, origen: 'subida', archivo: null });
    expect(proof?.motivo.length).toBeGreaterThan(30);
  });

  it('lets the counts drive the document checklist without losing any uploaded file', async () => {
    const client = await newCaseClient(server());
    await saved(client, save(1, { numeroTitulares: '2', miembrosUnidadFamiliar: '3' }));
    expect(await checklistHolders(client)).toEqual(['1', '2', 'miembro-1']);
    // Nobody's income or situation is given yet: the list says it waits for them.
    const waiting = await server().request('/api/documents', { token: client.token });
    expect(documentsOverviewResponseSchema.parse(waiting.body).data.datosPendientes).toBe(true);
    const holderTwo = await storeUpload(server(), client, '2/dni-nie', 'dni-pareja.pdf');
    const member = await storeUpload(server(), client, 'miembro-1/nominas', 'nomina-hijo.pdf');

    const lowered = await saved(
      client,
      save(2, { numeroTitulares: '1', miembrosUnidadFamiliar: '1' }),
    );
    expect(lowered.valores.numeroTitulares).toBe('1');
    // The people no longer counted keep their files, shown as not needed (decision 0634).
    expect(await checklistHolders(client)).toEqual(['1', '2', 'miembro-1']);
    const [counts] = await server()
      .ctx.db.select({ t: leads.numeroTitulares, m: leads.miembrosUnidadFamiliar })
      .from(leads)
      .where(eq(leads.id, client.leadId));
    expect(counts).toEqual({ t: 1, m: 1 });
    // Stored as they were, and the firm still sees them under whose they were.
    const rows = await server()
      .ctx.db.select({ id: documents.id, supersededAt: documents.supersededAt })
      .from(documents)
      .where(eq(documents.leadId, client.leadId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.supersededAt === null)).toBe(true);
    const staff = await staffSession(server());
    const staffView = await server().request(`/api/gestion/leads/${client.leadId}/documents`, {
      token: staff,
    });
    const firm = documentsOverviewResponseSchema.parse(staffView.body).data.checklist.holders;
    expect(Object.keys(firm)).toEqual(['1', '2', 'miembro-1']);
    expect(firm['2']?.personal.map((entry) => [entry.archivo?.id, entry.necesario])).toEqual([
      [holderTwo.id, false],
    ]);
    expect(firm['miembro-1']?.laboral.map((entry) => [entry.archivo?.id, entry.necesario])).toEqual(
      [[member.id, false]],
    );
    expect(firm['miembro-1']?.personal).toEqual([]);

    // Counts that do not read as valid leave the household as it is.
    await saved(client, save(3, { numeroTitulares: 'dos', miembrosUnidadFamiliar: '3' }));
    expect(await checklistHolders(client)).toEqual(['1', '2', 'miembro-1']);

    await saved(client, save(4, { numeroTitulares: '2', miembrosUnidadFamiliar: '3' }));
    const response = await server().request('/api/documents', { token: client.token });
    const back = documentsOverviewResponseSchema.parse(response.body).data.checklist.holders;
    expect(Object.keys(back)).toEqual(['1', '2', 'miembro-1']);
    expect(back['2']?.personal[0]).toMatchObject({ id: '2/dni-nie', necesario: true });
    expect(back['2']?.personal[0]?.archivo?.id).toBe(holderTwo.id);
    // Nobody said yet that member 1 earns a salary: the payslip is kept, not needed.
    const payslip = back['miembro-1']?.laboral.find((entry) => entry.id === 'miembro-1/nominas');
    expect(payslip).toMatchObject({ necesario: false });
    expect(payslip?.archivo?.id).toBe(member.id);
    const changes = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'review.household_changed'), eq(auditLog.subjectId, client.leadId)),
      );
    expect(changes).toHaveLength(3);
  });
});
