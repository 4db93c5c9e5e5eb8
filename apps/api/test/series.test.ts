import { sampleHousehold } from '@cbp/core/testing';
import { SERIES_MESSAGES, STAFF_MESSAGES } from '@cbp/core';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, euriborMonths, staffMembers } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import {
  field,
  passingLead,
  serverFor,
  STAFF_PASSWORD,
  text,
  type TestServer,
  variants,
} from './helpers';

async function staffSession(server: TestServer, role: 'admin' | 'gestor', nombre: string) {
  const email = `${role}.${String(Math.random()).slice(2, 10)}@despacho.es`;
  await server.ctx.db.insert(staffMembers).values({
    email,
    nombre,
    role,
    passwordHash: await hashPassword(STAFF_PASSWORD),
    activatedAt: new Date(),
  });
  const login = await server.request('/api/gestion/auth/login', {
    json: { email, password: STAFF_PASSWORD },
  });
  expect(login.status).toBe(200);
  return { email, token: text(login.body, 'session', 'access_token') };
}

/** A household the 2012 code gives the five-year grace (the calculator tests' one). */
const form = { ...sampleHousehold, ingresosBrutosAnuales: 24_000, ingresosNetosAnuales: 20_000 };

describe.each(variants)('the Euribor and IPREM series on $name', (variant) => {
  let today = '2026-11-28';
  const server = serverFor(variant, {}, { today: () => today });

  it('starts with the rule table’s values, newest first, and warns that the Euribor is old', async () => {
    const { token } = await staffSession(server(), 'gestor', 'Marta Ruiz');
    const response = await server().request('/api/gestion/series', { token });
    expect(response.status).toBe(200);
    const euribor = field(response.body, 'euribor') as { mes: string; porcentaje: number }[];
    expect(euribor.map(({ mes, porcentaje }) => [mes, porcentaje])).toEqual([
      ['2026-02', 2.221],
      ['2026-01', 2.245],
      ['2025-12', 2.267],
    ]);
    expect(euribor[0]).toMatchObject({ anadidoPor: null, sustituida: false });
    expect(field(response.body, 'iprem', '0')).toMatchObject({
      anio: 2026,
      mensual: 600,
      anual12: 7_200,
      anual14: 8_400,
    });
    // 28-11-2026 is 272 days after February 2026 ended.
    expect(field(response.body, 'aviso')).toMatchObject({
      caducado: true,
      ultimoMes: '2026-02',
      dias: 272,
    });
    expect(text(response.body, 'aviso', 'texto')).toContain('febrero de 2026');
  });

  it('refuses a gestor who tries to add a month, and adds nothing', async () => {
    const { token } = await staffSession(server(), 'gestor', 'Marta Ruiz');
    const response = await server().request('/api/gestion/series/euribor', {
      token,
      json: { mes: '2026-10', porcentaje: '2,150', referencia: 'BOE-A-2026-23000' },
    });
    expect(response).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.forbidden } });
    const rows = await server()
      .ctx.db.select()
      .from(euriborMonths)
      .where(eq(euriborMonths.month, '2026-10'));
    expect(rows).toEqual([]);
  });

  it('answers invalid values in Spanish, field by field', async () => {
    const { token } = await staffSession(server(), 'admin', 'Dirección');
    const response = await server().request('/api/gestion/series/euribor', {
      token,
      json: { mes: '10/2026', porcentaje: '2,1a', referencia: 'BOE 23000' },
    });
    expect(response.status).toBe(400);
    expect(field(response.body, 'errors')).toEqual({
      mes: SERIES_MESSAGES.monthInvalid,
      porcentaje: SERIES_MESSAGES.percentInvalid,
      referencia: SERIES_MESSAGES.referenceInvalid,
    });
  });

  it('lets an administrator add a month with its BOE reference: audited, and the warning goes', async () => {
    const admin = await staffSession(server(), 'admin', 'Dirección');
    const added = await server().request('/api/gestion/series/euribor', {
      token: admin.token,
      json: { mes: '2026-10', porcentaje: '2,150', referencia: 'boe-a-2026-23000' },
    });
    expect(added.status).toBe(200);
    expect(field(added.body, 'euribor', '0')).toMatchObject({
      mes: '2026-10',
      porcentaje: 2.15,
      referencia: 'BOE-A-2026-23000',
      anadidoPor: { nombre: 'Dirección', email: admin.email },
      sustituye: null,
    });
    expect(field(added.body, 'aviso')).toMatchObject({ caducado: false, ultimoMes: '2026-10' });

    const [entry] = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'series.euribor_added'), eq(auditLog.subjectId, '2026-10')));
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorEmail: admin.email,
      subjectType: 'euribor',
      before: null,
      after: { mes: '2026-10', porcentaje: 2.15, referencia: 'BOE-A-2026-23000' },
    });
  });

  it('refuses the same month again with a clear message, and a correction supersedes it', async () => {
    const { token } = await staffSession(server(), 'admin', 'Dirección');
    const again = await server().request('/api/gestion/series/euribor', {
      token,
      json: { mes: '2026-10', porcentaje: '2,160', referencia: 'BOE-A-2026-23001' },
    });
    expect(again.status).toBe(409);
    expect(text(again.body, 'message')).toContain('Ese mes ya tiene su valor oficial');
    expect(text(again.body, 'errors', 'mes')).toContain('octubre de 2026');

    const corrected = await server().request('/api/gestion/series/euribor', {
      token,
      json: {
        mes: '2026-10',
        porcentaje: '2,160',
        referencia: 'BOE-A-2026-23001',
        correccion: true,
      },
    });
    expect(corrected.status).toBe(200);
    const october = (field(corrected.body, 'euribor') as { mes: string }[]).filter(
      (entry) => entry.mes === '2026-10',
    );
    expect(october).toMatchObject([
      { porcentaje: 2.16, sustituida: false },
      { porcentaje: 2.15, sustituida: true },
    ]);
    const [audited] = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'series.euribor_corrected'));
    expect(audited).toMatchObject({
      before: { porcentaje: 2.15 },
      after: { porcentaje: 2.16, referencia: 'BOE-A-2026-23001' },
    });

    const nothing = await server().request('/api/gestion/series/euribor', {
      token,
      json: { mes: '2026-09', porcentaje: '2,1', referencia: 'BOE-A-2026-22000', correccion: true },
    });
    expect(nothing).toMatchObject({
      status: 409,
      body: { message: SERIES_MESSAGES.nothingToCorrect },
    });
  });

  it('keeps every row: the database refuses to change or delete one', async () => {
    const { db } = server().ctx;
    await expect(db.execute(sql`update euribor_months set thousandths = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from iprem_years`)).rejects.toThrow();
  });

  it('adds a year’s IPREM and refuses it twice', async () => {
    const { token } = await staffSession(server(), 'admin', 'Dirección');
    const body = {
      anio: 2027,
      mensual: '600,00',
      anual12: '7.200,00',
      anual14: '8.400,00',
      referencia: 'BOE-A-2027-1',
    };
    const added = await server().request('/api/gestion/series/iprem', { token, json: body });
    expect(added.status).toBe(200);
    expect(field(added.body, 'iprem', '0')).toMatchObject({ anio: 2027, anual14: 8_400 });
    const again = await server().request('/api/gestion/series/iprem', { token, json: body });
    expect(again).toMatchObject({
      status: 409,
      body: { message: SERIES_MESSAGES.yearExists(2027) },
    });
  });

  it('has the calculator use the month in force on its evaluation date', async () => {
    const created = await server().request('/api/leads', { json: passingLead() });
    const client = text(created.body, 'session', 'access_token');
    const calculate = async () => {
      const response = await server().request('/api/calculations', { json: form, token: client });
      expect(response.status).toBe(201);
      return field(response.body, 'data', 'resultado') as {
        euribor: unknown;
        nuevoInteres: number;
      };
    };

    // In September 2026 the newest month on or before the day is February (2,221 %).
    today = '2026-09-15';
    expect(await calculate()).toMatchObject({ euribor: { mes: '2026-02', porcentaje: 2.221 } });
    // From October, the month the administrator added, as corrected (2,160 % − 0,10).
    today = '2026-11-28';
    const november = await calculate();
    expect(november.euribor).toEqual({ mes: '2026-10', porcentaje: 2.16 });
    expect(november.nuevoInteres).toBeCloseTo(2.06, 10);
  });
});
