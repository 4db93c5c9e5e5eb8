import { randomBytes } from 'node:crypto';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_REVIEW_MESSAGES,
  documentReviewResponseSchema,
  documentsOverviewResponseSchema,
  STAFF_MESSAGES,
  type StoredMimeType,
  TEXT_CHARACTERS_MESSAGE,
} from '@cbp/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads, staffMembers } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { saveCaseFile } from '../src/modules/documents/files';
import {
  field,
  passingLead,
  readMailbox,
  serverFor,
  STAFF_PASSWORD,
  text,
  type TestServer,
  variants,
} from './helpers';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe.each(variants)('staff review of a client’s documents on $name', (variant) => {
  const server = serverFor(variant);
  const staff = { admin: '', gestor: '' };

  async function signIn(email: string, role: 'admin' | 'gestor'): Promise<string> {
    await server()
      .ctx.db.insert(staffMembers)
      .values({
        email,
        nombre: role === 'admin' ? 'Dirección' : 'Marta Ruiz',
        role,
        passwordHash: await hashPassword(STAFF_PASSWORD),
        activatedAt: new Date(),
      });
    const login = await server().request('/api/gestion/auth/login', {
      json: { email, password: STAFF_PASSWORD },
    });
    expect(login.status).toBe(200);
    return text(login.body, 'session', 'access_token');
  }

  async function createClientLead() {
    const response = await server().request('/api/leads', { json: passingLead() });
    expect(response.status).toBe(201);
    const id = text(response.body, 'data', 'id');
    const [lead] = await server()
      .ctx.db.select({ userId: leads.userId })
      .from(leads)
      .where(eq(leads.id, id));
    return {
      id,
      userId: lead?.userId ?? '',
      token: text(response.body, 'session', 'access_token'),
      email: text(response.body, 'session', 'user', 'email'),
    };
  }

  async function upload(
    lead: { id: string; userId: string },
    slot: string,
    fileName: string,
    body: Buffer,
    mimeType: StoredMimeType = 'application/pdf',
  ) {
    return saveCaseFile(server().ctx, {
      leadId: lead.id,
      userId: lead.userId,
      origin: 'subida',
      slot,
      fileName,
      mimeType,
      body,
    });
  }

  /** More than one 64 KiB chunk of the encrypted store, with every byte value in it. */
  function pdfBytes(): Buffer {
    return Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(150_000)]);
  }

  async function overview(s: TestServer, leadId: string, token = staff.gestor) {
    const response = await s.request(`/api/gestion/leads/${leadId}/documents`, { token });
    expect(response.status).toBe(200);
    return documentsOverviewResponseSchema.parse(response.body).data;
  }

  async function auditEntries(action: string) {
    const response = await server().request(`/api/gestion/auditoria?accion=${action}`, {
      token: staff.admin,
    });
    expect(response.status).toBe(200);
    return field(response.body, 'entradas') as Record<string, unknown>[];
  }

  it('signs in an administrator and a gestor', async () => {
    staff.admin = await signIn(`direccion.${variant.name.toLowerCase()}@despacho.es`, 'admin');
    staff.gestor = await signIn(`marta.${variant.name.toLowerCase()}@despacho.es`, 'gestor');
  });

  it('lists any lead’s checklist with each entry’s file, and the retrieved files', async () => {
    const lead = await createClientLead();
    const dni = await upload(lead, '1/dni-nie', 'dni.pdf', pdfBytes());
    await saveCaseFile(server().ctx, {
      leadId: lead.id,
      origin: 'obtenido',
      model: 'HACIENDA_RENTA',
      modelYear: 2025,
      providerDocumentId: 'prov-1',
      fileName: 'renta-2025.pdf',
      mimeType: 'application/pdf',
      body: pdfBytes(),
    });

    const documents = await overview(server(), lead.id);
    const personal = documents.checklist.holders['1']?.personal ?? [];
    expect(personal[0]).toMatchObject({
      id: '1/dni-nie',
      nombre: 'DNI/NIE',
      estado: 'pendiente',
      motivoRechazo: null,
      archivo: { id: dni.id, name: 'dni.pdf', size: dni.size, mimeType: 'application/pdf' },
    });
    expect(personal.slice(1).map((entry) => entry.archivo)).toEqual([null]);
    expect(documents.checklist.hipoteca.map((entry) => entry.nombre)).toEqual([
      'Escritura de compraventa de la vivienda',
      'Escritura de la hipoteca',
    ]);
    // The retrieved return fills the holder's AEAT certificate (decision 0636).
    expect(documents.checklist.holders['1']?.laboral[0]).toMatchObject({
      id: '1/certificado-renta-aeat',
      archivo: null,
      obtenidoCon: 'Declaración de la Renta 2025',
    });
    expect(documents.obtenidos).toEqual([
      expect.objectContaining({
        tipo_documento: 'HACIENDA_RENTA',
        ejercicio: 2025,
        nombre: 'Declaración de la Renta 2025',
        estado: 'pendiente',
      }),
    ]);
  });

  it('answers 404 for a lead that does not exist, and 400 for an id that cannot be one', async () => {
    for (const id of [NO_SUCH_ID, 'no-es-un-uuid']) {
      const response = await server().request(`/api/gestion/leads/${id}/documents`, {
        token: staff.gestor,
      });
      expect(response).toMatchObject({
        status: 404,
        body: { message: 'No se ha encontrado el lead.' },
      });
    }
    const odd = await server().request('/api/gestion/leads/%C3%B1%20x/documents', {
      token: staff.gestor,
    });
    expect(odd.status).toBe(400);
  });

  it('downloads the file exactly as it was stored, as an attachment that runs nothing, and logs who did', async () => {
    const lead = await createClientLead();
    const bytes = pdfBytes();
    const file = await upload(
      lead,
      '1/certificado-renta-aeat',
      'nómina «octubre» (2026).pdf',
      bytes,
    );

    const response = await fetch(`${server().url}/api/gestion/documents/${file.id}/content`, {
      headers: { authorization: `Bearer ${staff.gestor}`, 'accept-encoding': 'gzip, br' },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="nomina _octubre_ (2026).pdf"; ` +
        `filename*=UTF-8''n%C3%B3mina%20%C2%ABoctubre%C2%BB%20%282026%29.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    const viewed = (await auditEntries('document.viewed')).filter(
      (entry) => entry.objetoId === file.id,
    );
    expect(viewed).toEqual([
      expect.objectContaining({
        actorTipo: 'staff',
        actorEmail: `marta.${variant.name.toLowerCase()}@despacho.es`,
        objetoTipo: 'document',
        despues: { lead: lead.id, documento: '1/certificado-renta-aeat' },
      }),
    ]);
  });

  it('answers 404 in Spanish for a file that does not exist', async () => {
    for (const id of [NO_SUCH_ID, 'otro-id']) {
      const content = await server().request(`/api/gestion/documents/${id}/content`, {
        token: staff.gestor,
      });
      expect(content).toMatchObject({ status: 404, body: { message: DOCUMENT_MESSAGES.notFound } });
      const review = await server().request(`/api/gestion/documents/${id}/review`, {
        token: staff.gestor,
        json: { estado: 'aprobado' },
      });
      expect(review).toMatchObject({ status: 404, body: { message: DOCUMENT_MESSAGES.notFound } });
    }
  });

  it('approves a file: the entry shows it, the audit log keeps it, the client is told by e-mail', async () => {
    const lead = await createClientLead();
    const file = await upload(
      lead,
      'hipoteca/escritura-compraventa',
      'nota.png',
      pdfBytes(),
      'image/png',
    );

    const response = await server().request(`/api/gestion/documents/${file.id}/review`, {
      token: staff.gestor,
      json: { estado: 'aprobado' },
    });
    expect(response.status).toBe(200);
    const answer = documentReviewResponseSchema.parse(response.body);
    expect(answer).toMatchObject({
      message: DOCUMENT_REVIEW_MESSAGES.approved,
      data: {
        documentoId: 'hipoteca/escritura-compraventa',
        archivo: { id: file.id, name: 'nota.png', mimeType: 'image/png' },
        estado: 'aprobado',
        motivoRechazo: null,
      },
    });
    expect(answer.data.revisadoEn).not.toBeNull();
    // Approving it again is refused in Spanish, as often as it is asked, and changes nothing.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await server().request(`/api/gestion/documents/${file.id}/review`, {
        token: staff.admin,
        json: { estado: 'aprobado' },
      });
      expect(again.status).toBe(409);
      expect(field(again.body, 'message')).toBe(DOCUMENT_REVIEW_MESSAGES.alreadyApproved);
    }

    const documents = await overview(server(), lead.id);
    expect(documents.checklist.hipoteca[0]).toMatchObject({
      estado: 'aprobado',
      motivoRechazo: null,
    });
    expect(await auditEntries('document.approved')).toContainEqual(
      expect.objectContaining({
        objetoId: file.id,
        // A document's entry names the case it belongs to by its client.
        caso: { leadId: lead.id, nombre: 'Lucía García Pérez' },
        actorEmail: `marta.${variant.name.toLowerCase()}@despacho.es`,
        antes: { estado: 'pendiente', motivo: null },
        despues: {
          estado: 'aprobado',
          motivo: null,
          lead: lead.id,
          documento: 'hipoteca/escritura-compraventa',
        },
      }),
    );
    const mails = await readMailbox(server());
    const subjects = mails.filter((mail) => mail.para === lead.email).map((mail) => mail.asunto);
    expect(subjects).not.toContain(
      'Necesitamos otro archivo: Escritura de compraventa de la vivienda',
    );
    // Every change the firm makes e-mails the client, as the status screen promises.
    expect(
      subjects.filter(
        (subject) => subject === 'Documento aprobado: Escritura de compraventa de la vivienda',
      ),
    ).toHaveLength(1);
    const approvedMail = mails.find(
      (mail) => mail.asunto === 'Documento aprobado: Escritura de compraventa de la vivienda',
    );
    expect(approvedMail?.enlaces.some((url) => url.endsWith('/app/estado-caso'))).toBe(true);
  });

  it('asks for a reason before rejecting, in Spanish', async () => {
    const lead = await createClientLead();
    const file = await upload(lead, '1/certificado-titularidades', 'vida.pdf', pdfBytes());
    for (const body of [
      { estado: 'rechazado' },
      { estado: 'rechazado', motivo: '' },
      { estado: 'rechazado', motivo: '   \n ' },
    ]) {
      const response = await server().request(`/api/gestion/documents/${file.id}/review`, {
        token: staff.gestor,
        json: body,
      });
      expect(response.status).toBe(400);
      expect(field(response.body, 'errors')).toEqual({
        motivo: DOCUMENT_MESSAGES.rejectReasonRequired,
      });
    }
    const tooLong = await server().request(`/api/gestion/documents/${file.id}/review`, {
      token: staff.gestor,
      json: { estado: 'rechazado', motivo: 'a'.repeat(501) },
    });
    expect(field(tooLong.body, 'errors')).toEqual({
      motivo: DOCUMENT_MESSAGES.rejectReasonTooLong,
    });
    // A NUL would not even fit in the database: refused like any invisible character.
    const hidden = await server().request(`/api/gestion/documents/${file.id}/review`, {
      token: staff.gestor,
      json: { estado: 'rechazado', motivo: 'Borrosa\u0000' },
    });
    expect(hidden.status).toBe(400);
    expect(field(hidden.body, 'errors')).toEqual({ motivo: TEXT_CHARACTERS_MESSAGE });
    const unknown = await server().request(`/api/gestion/documents/${file.id}/review`, {
      token: staff.gestor,
      json: { estado: 'pendiente' },
    });
    expect(unknown.status).toBe(400);
    expect(field(unknown.body, 'errors')).toEqual({ estado: 'Elige aprobar o rechazar' });
    const listed = (await overview(server(), lead.id)).checklist.holders['1']?.personal;
    expect(listed?.find((entry) => entry.id === '1/certificado-titularidades')?.estado).toBe(
      'pendiente',
    );
  });

  it('rejects a file with a reason: the client sees it, is e-mailed once, and the audit log keeps it', async () => {
    const lead = await createClientLead();
    const file = await upload(lead, '1/dni-nie', 'dni.jpg', pdfBytes(), 'image/jpeg');
    const motivo = 'La foto está borrosa.\nNo se lee la fecha de caducidad.';

    const first = await server().request(`/api/gestion/documents/${file.id}/review`, {
      token: staff.admin,
      json: { estado: 'rechazado', motivo: `  ${motivo}  ` },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: DOCUMENT_REVIEW_MESSAGES.rejected,
      data: { documentoId: '1/dni-nie', estado: 'rechazado', motivoRechazo: motivo },
    });
    // The same decision again (a double click, a retried request) is refused in Spanish,
    // changes nothing and mails nothing.
    const again = await server().request(`/api/gestion/documents/${file.id}/review`, {
      token: staff.admin,
      json: { estado: 'rechazado', motivo },
    });
    expect(again.status).toBe(409);
    expect(field(again.body, 'message')).toBe(DOCUMENT_REVIEW_MESSAGES.alreadyRejected);

    const entry = (await overview(server(), lead.id)).checklist.holders['1']?.personal[0];
    expect(entry).toMatchObject({
      estado: 'rechazado',
      motivoRechazo: motivo,
      archivo: { id: file.id },
    });

    const mails = (await readMailbox(server())).filter((mail) => mail.para === lead.email);
    const rejections = mails.filter((mail) => mail.asunto.startsWith('Necesitamos otro archivo'));
    expect(rejections).toHaveLength(1);
    const [mail] = rejections;
    expect(mail?.asunto).toBe('Necesitamos otro archivo: DNI/NIE (Titular 1)');
    expect(mail?.texto).toContain(motivo);
    expect(mail?.texto).toContain('DNI/NIE (Titular 1)');
    expect(mail?.enlaces.some((url) => new URL(url).pathname === '/app/obtener-documentos')).toBe(
      true,
    );

    const rejected = (await auditEntries('document.rejected')).filter(
      (item) => item.objetoId === file.id,
    );
    expect(rejected).toEqual([
      expect.objectContaining({
        actorEmail: `direccion.${variant.name.toLowerCase()}@despacho.es`,
        antes: { estado: 'pendiente', motivo: null },
        despues: { estado: 'rechazado', motivo, lead: lead.id, documento: '1/dni-nie' },
      }),
    ]);

    // Approving it afterwards clears the reason the client sees.
    const approved = await server().request(`/api/gestion/documents/${file.id}/review`, {
      token: staff.gestor,
      json: { estado: 'aprobado', motivo: 'ya se lee' },
    });
    expect(approved.body).toMatchObject({ data: { estado: 'aprobado', motivoRechazo: null } });
  });

  it('refuses to review a file the client has replaced, and lists the new one as pending', async () => {
    const lead = await createClientLead();
    const old = await upload(
      lead,
      'hogar/certificado-de-empadronamiento',
      'contrato.pdf',
      pdfBytes(),
    );
    const rejected = await server().request(`/api/gestion/documents/${old.id}/review`, {
      token: staff.gestor,
      json: { estado: 'rechazado', motivo: 'Falta la última página' },
    });
    expect(rejected.status).toBe(200);
    const replacement = await upload(
      lead,
      'hogar/certificado-de-empadronamiento',
      'contrato-completo.pdf',
      pdfBytes(),
    );

    const late = await server().request(`/api/gestion/documents/${old.id}/review`, {
      token: staff.gestor,
      json: { estado: 'aprobado' },
    });
    expect(late).toMatchObject({
      status: 409,
      body: { message: DOCUMENT_MESSAGES.alreadyReviewed },
    });
    const entry = (await overview(server(), lead.id)).checklist.hogar.find(
      (document) => document.id === 'hogar/certificado-de-empadronamiento',
    );
    expect(entry).toMatchObject({
      estado: 'pendiente',
      motivoRechazo: null,
      archivo: { id: replacement.id, name: 'contrato-completo.pdf' },
    });
    // The old file can still be read: the audit log and the rejection point at it.
    const content = await server().request(`/api/gestion/documents/${old.id}/content`, {
      token: staff.gestor,
    });
    expect(content.status).toBe(200);
  });

  it('says a replaced file nobody reviewed is no longer kept, instead of failing to read it', async () => {
    const lead = await createClientLead();
    const first = await upload(lead, '1/certificado-renta-aeat', 'nomina-enero.pdf', pdfBytes());
    await upload(lead, '1/certificado-renta-aeat', 'nomina-febrero.pdf', pdfBytes());
    expect(await server().ctx.storage.exists(first.storageKey)).toBe(false);
    const content = await server().request(`/api/gestion/documents/${first.id}/content`, {
      token: staff.gestor,
    });
    expect(content).toMatchObject({
      status: 404,
      body: { message: DOCUMENT_MESSAGES.replacedAndDeleted },
    });
  });

  it('refuses client tokens and calls without a token on these routes', async () => {
    const lead = await createClientLead();
    const file = await upload(lead, '1/dni-nie', 'dni.pdf', pdfBytes());
    const routes: [string, string, unknown][] = [
      ['GET', `/api/gestion/leads/${lead.id}/documents`, undefined],
      ['GET', `/api/gestion/documents/${file.id}/content`, undefined],
      ['POST', `/api/gestion/documents/${file.id}/review`, { estado: 'aprobado' }],
    ];
    for (const [method, path, json] of routes) {
      const asClient = await server().request(path, {
        method,
        token: lead.token,
        ...(json === undefined ? {} : { json }),
      });
      expect({ path, status: asClient.status, body: asClient.body }).toEqual({
        path,
        status: 403,
        body: { message: STAFF_MESSAGES.clientToken },
      });
      const anonymous = await server().request(path, {
        method,
        ...(json === undefined ? {} : { json }),
      });
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
    }
    expect((await overview(server(), lead.id)).checklist.holders['1']?.personal[0]?.estado).toBe(
      'pendiente',
    );
    expect(
      (await auditEntries('document.viewed')).filter((entry) => entry.objetoId === file.id),
    ).toEqual([]);
  });

  it('refuses staff tokens on the client’s API', async () => {
    const lead = await createClientLead();
    for (const path of ['/api/auth/verify', `/api/leads/${lead.id}`, '/api/case/progress']) {
      const response = await server().request(path, { token: staff.gestor });
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
  });
});
