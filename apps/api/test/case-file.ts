/** What the review and case-status tests share: a client, a staff session, a sent file. */
import { randomUUID } from 'node:crypto';
import { type StoredMimeType } from '@cbp/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, caseSubmissions, leads, reviewDrafts, staffMembers } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { saveCaseFile } from '../src/modules/documents/files';
import { passingLead, STAFF_PASSWORD, text, type TestServer } from './helpers';

export interface CaseClient {
  leadId: string;
  userId: string;
  token: string;
  email: string;
}

export async function newCaseClient(
  server: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<CaseClient> {
  const lead = passingLead(overrides);
  const response = await server.request('/api/leads', { json: lead });
  expect(response.status).toBe(201);
  const leadId = text(response.body, 'data', 'id');
  const [row] = await server.ctx.db
    .select({ userId: leads.userId })
    .from(leads)
    .where(eq(leads.id, leadId));
  return {
    leadId,
    userId: row?.userId ?? '',
    token: text(response.body, 'session', 'access_token'),
    email: lead.email,
  };
}

/** A member of the firm (administrator), signed in. */
export async function staffSession(server: TestServer): Promise<string> {
  const email = `gestion.${randomUUID()}@despacho.es`;
  await server.ctx.db.insert(staffMembers).values({
    email,
    nombre: 'Marta Ruiz',
    role: 'admin',
    passwordHash: await hashPassword(STAFF_PASSWORD),
    activatedAt: new Date(),
  });
  const login = await server.request('/api/gestion/auth/login', {
    json: { email, password: STAFF_PASSWORD },
  });
  expect(login.status).toBe(200);
  return text(login.body, 'session', 'access_token');
}

/** A small PDF-looking file stored straight into a checklist entry, as an upload leaves it. */
export async function storeUpload(
  server: TestServer,
  client: CaseClient,
  slot: string,
  fileName = 'documento.pdf',
  mimeType: StoredMimeType = 'application/pdf',
) {
  return saveCaseFile(server.ctx, {
    leadId: client.leadId,
    userId: client.userId,
    origin: 'subida',
    slot,
    fileName,
    mimeType,
    body: Buffer.from(`%PDF-1.7\n${slot}\n`),
  });
}

/** The file sent, as the sending leaves it in the database (the sending itself is tested apart). */
export async function markFileSent(server: TestServer, client: CaseClient, sentAt = new Date()) {
  await server.ctx.db.insert(caseSubmissions).values({
    leadId: client.leadId,
    userId: client.userId,
    sentAt,
    bank: 'Banco Santander',
    code: 'cbp2022',
    measures: [],
    review: {},
    documents: [],
    storageKey: `prueba/${randomUUID()}`,
    sha256: '0'.repeat(64),
    bytes: 1,
  });
}

/** The answers of 'Revisar Expediente' as the screen saves them: finished unless told otherwise. */
export async function saveReviewDraft(
  server: TestServer,
  leadId: string,
  values: Record<string, string>,
  finalized = true,
) {
  const now = new Date();
  await server.ctx.db
    .insert(reviewDrafts)
    .values({
      leadId,
      values,
      step: 4,
      tab: 'economicos',
      revision: 1,
      updatedAt: now,
      finalizedAt: finalized ? now : null,
    })
    .onConflictDoUpdate({
      target: reviewDrafts.leadId,
      set: { values, updatedAt: now, finalizedAt: finalized ? now : null },
    });
}

/** The 2024 tax return, as the retrieval from the tax office leaves it. */
export async function storeRetrievedTaxReturn(server: TestServer, leadId: string, body: Buffer) {
  return saveCaseFile(server.ctx, {
    leadId,
    origin: 'obtenido',
    model: 'HACIENDA_RENTA',
    modelYear: 2024,
    providerDocumentId: `renta-${leadId}`,
    fileName: 'renta-2024.pdf',
    mimeType: 'application/pdf',
    body,
  });
}

/** The audit rows of one action about a client's case, oldest first. */
export async function auditsAbout(server: TestServer, leadId: string, action: string) {
  return server.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, leadId)))
    .orderBy(asc(auditLog.id));
}

/** The firm reopens the sent file, with its note. */
export async function markFileReopened(server: TestServer, client: CaseClient, note: string) {
  await server.ctx.db
    .update(caseSubmissions)
    .set({ reopenedAt: new Date(), reopenNote: note })
    .where(and(eq(caseSubmissions.leadId, client.leadId), isNull(caseSubmissions.reopenedAt)));
}

/** The state of one step of the client's task list. */
export async function stepState(server: TestServer, token: string, id: string) {
  const response = await server.request('/api/case/progress', { token });
  expect(response.status).toBe(200);
  const pasos = (response.body as { data: { pasos: { id: string; estado: string }[] } }).data.pasos;
  return pasos.find((paso) => paso.id === id)?.estado;
}

/** Every answer of 'Revisar Expediente' for a one-holder household that qualifies. */
export function completeReviewValues(
  email: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    numeroTitulares: '1',
    miembrosUnidadFamiliar: '1',
    nombre: 'Lucía',
    apellidos: 'Pérez García',
    telefono: '612345678',
    email,
    domicilio: 'Calle del Olmo 7, 3.º B, 28012 Madrid',
    bancoHipoteca: 'caixabank',
    plazoOriginalHipoteca: '30',
    interesAnual: '3,25',
    fechaVencimiento: '2045-06-30',
    pagoMensualHipoteca: '950',
    cuotaJunio2022: '610',
    cuotaHace4Anos: '590',
    cantidadPorPagar: '145.000',
    ingresosBrutosAnuales: '22.800',
    ingresosNetosAnuales: '19.200',
    ingresosHace4Anos: '21.000',
    persona1Ingresos: 'Nomina',
    persona1Discapacidad: 'no',
    gestorNombre: 'Ana',
    gestorApellidos: 'Ruiz Soler',
    gestorEmail: 'ana.ruiz@gestoria.es',
    ...overrides,
  };
}

/** The documents the law asks of the household `completeReviewValues` describes. */
export const COMPLETE_CASE_DOCUMENTS = [
  'hogar/certificado-de-empadronamiento',
  '1/dni-nie',
  '1/certificado-titularidades',
  '1/certificado-renta-aeat',
  '1/nominas',
  'hipoteca/escritura-compraventa',
  'hipoteca/escritura-hipoteca',
] as const;
