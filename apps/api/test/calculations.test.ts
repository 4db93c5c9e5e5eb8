import { sampleHousehold } from '@cbp/core/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calculationDrafts, calculations } from '../src/db/schema';
import {
  field,
  passingLead,
  readMailbox,
  recoveryLinkIn,
  serverFor,
  text,
  variants,
} from './helpers';

/**
 * The calculator tests' household with the income the 2012 code takes: 1.100 € of 20.000 € net
 * a year (typed the Spanish way), 24.000 € gross.
 */
const form = {
  ...sampleHousehold,
  ingresosBrutosAnuales: 24_000,
  ingresosNetosAnuales: '20.000,00',
};

describe.each(variants)('the calculator on the server on $name', (variant) => {
  const server = serverFor(variant, {}, { today: () => '2026-11-25' });

  async function newLead() {
    const body = passingLead();
    const created = await server().request('/api/leads', { json: body });
    expect(created.status).toBe(201);
    return {
      email: body.email,
      id: text(created.body, 'data', 'id'),
      token: text(created.body, 'session', 'access_token'),
    };
  }

  it('computes with today’s law, keeps every calculation on the case and shows the last one', async () => {
    const lead = await newLead();
    const before = await server().request('/api/calculations/latest', { token: lead.token });
    expect(before).toMatchObject({ status: 200, body: { data: null } });

    const first = await server().request('/api/calculations', { json: form, token: lead.token });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      data: {
        leadId: lead.id,
        banco: 'Banco Santander',
        resultado: {
          codigo: 'cbp2012',
          tipoCarencia: 'carencia5',
          cumpleRequisitos: true,
          fechaEvaluacion: '2026-11-25',
          euribor: { mes: '2026-02', porcentaje: 2.221 },
        },
      },
    });
    // February 2026 (the newest month of the series) − 0,10: the rate that really applies, not
    // the spec's fixed 2,50 %
    expect(field(first.body, 'data', 'resultado', 'nuevoInteres')).toBeCloseTo(2.121, 10);

    const second = await server().request('/api/calculations', {
      json: { ...form, ingresosBrutosAnuales: 30_000 },
      token: lead.token,
    });
    expect(field(second.body, 'data', 'resultado', 'tipoCarencia')).toBe('exclusion');

    const latest = await server().request('/api/calculations/latest', { token: lead.token });
    expect(field(latest.body, 'data', 'id')).toBe(field(second.body, 'data', 'id'));
    const stored = await server()
      .ctx.db.select()
      .from(calculations)
      .where(eq(calculations.leadId, lead.id));
    expect(stored).toHaveLength(2);
    expect(stored.every((row) => row.rulesVersion.length > 0)).toBe(true);
  });

  it('takes a debtor who turned 60 in the last four years instead of a rise in effort, and keeps the circumstances on the case', async () => {
    const lead = await newLead();
    // The same instalment and income as four years ago: the effort did not rise.
    const steady = { ...form, cuotaCuatroAnios: 1_100, ingresosNetosCuatroAnios: 20_000 };
    const refused = await server().request('/api/calculations', {
      json: { ...steady, circunstancias: { 'mayor-60': 'anterior' } },
      token: lead.token,
    });
    expect(field(refused.body, 'data', 'resultado', 'tipoCarencia')).toBe('exclusion');

    const over60 = await server().request('/api/calculations', {
      json: { ...steady, circunstancias: { 'mayor-60': 'reciente' } },
      token: lead.token,
    });
    expect(over60.status).toBe(201);
    expect(over60.body).toMatchObject({
      data: {
        entrada: { circunstancias: { 'mayor-60': 'reciente' }, mayorSesenta: true },
        resultado: { codigo: 'cbp2012', tipoCarencia: 'carencia5', plazoCarencia: 5 },
      },
    });
    const lista = field(over60.body, 'data', 'resultado', 'condiciones', '0', 'lista');
    expect(lista).toContainEqual({
      id: 'esfuerzo',
      texto:
        'En los últimos cuatro años ha surgido una circunstancia de especial vulnerabilidad: el deudor es mayor de 60 años.',
      cumple: true,
    });

    // The old questions alone: a disability answer and mayorSesenta are kept as circumstances.
    const older = await server().request('/api/calculations', {
      json: {
        ...form,
        circunstancias: undefined,
        mayorSesenta: true,
        discapacidad: 'Sí, superior al 33%',
      },
      token: lead.token,
    });
    expect(field(older.body, 'data', 'entrada', 'circunstancias')).toEqual({
      'mayor-60': 'anterior',
      'discapacidad-miembro': 'anterior',
    });

    const unknown = await server().request('/api/calculations', {
      json: { ...form, circunstancias: { desempleo: 'reciente' } },
      token: lead.token,
    });
    expect(unknown.status).toBe(400);
  });

  it('answers a missing field with the spec’s message and stores nothing', async () => {
    const lead = await newLead();
    const response = await server().request('/api/calculations', {
      json: { ...form, banco: ' ', capitalPendiente: null },
      token: lead.token,
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: 'Por favor, complete los siguientes campos: Banco, Capital pendiente' },
    });
    const stored = await server()
      .ctx.db.select()
      .from(calculations)
      .where(eq(calculations.leadId, lead.id));
    expect(stored).toHaveLength(0);
  });

  it('refuses an income that rounds to 0 € instead of storing a share of Infinity', async () => {
    const lead = await newLead();
    const response = await server().request('/api/calculations', {
      json: { ...form, ingresosNetosAnuales: 5e-324 },
      token: lead.token,
    });
    expect(response).toMatchObject({
      status: 400,
      body: {
        message: 'Los siguientes campos contienen valores inválidos: Ingresos netos anuales',
      },
    });
    const latest = await server().request('/api/calculations/latest', { token: lead.token });
    expect(latest).toMatchObject({ status: 200, body: { data: null } });
  });

  it('refuses a remaining term longer than the original term, in Spanish, and stores nothing', async () => {
    const lead = await newLead();
    const response = await server().request('/api/calculations', {
      json: { ...form, plazoRestante: '35', plazoOriginal: '30' },
      token: lead.token,
    });
    expect(response).toMatchObject({
      status: 400,
      body: {
        message:
          'El plazo restante no puede ser mayor que el plazo original. Si ya ampliaste el plazo de tu hipoteca, indica como plazo original el total tras la ampliación.',
      },
    });
    const latest = await server().request('/api/calculations/latest', { token: lead.token });
    expect(latest).toMatchObject({ status: 200, body: { data: null } });
  });

  it('refuses fields the calculator does not know', async () => {
    const lead = await newLead();
    const response = await server().request('/api/calculations', {
      json: { ...form, leadId: crypto.randomUUID() },
      token: lead.token,
    });
    expect(response.status).toBe(400);
  });

  it('shows one person’s calculations to nobody else, and to the same person on another device', async () => {
    const mine = await newLead();
    const other = await newLead();
    await server().request('/api/calculations', { json: form, token: mine.token });
    const theirs = await server().request('/api/calculations/latest', { token: other.token });
    expect(theirs.body).toEqual({ data: null });

    // The same person signs in with a password on another device: the account session.
    const mail = (await readMailbox(server())).find((message) => message.para === mine.email);
    if (mail === undefined) throw new Error('no welcome mail');
    await server().request('/api/auth/update-password', {
      json: { password: 'hipoteca-segura-2024', recovery_url: recoveryLinkIn(mail) },
    });
    const login = await server().request('/api/auth/login', {
      json: { email: mine.email, password: 'hipoteca-segura-2024' },
    });
    const accountToken = text(login.body, 'session', 'access_token');
    const onPhone = await server().request('/api/calculations/latest', { token: accountToken });
    expect(field(onPhone.body, 'data', 'leadId')).toBe(mine.id);
    expect(field(onPhone.body, 'data', 'resultado', 'codigo')).toBe('cbp2012');
  });

  it('keeps the wizard’s draft as typed, gives the simulator’s figures, and drops the draft once calculated', async () => {
    const lead = await newLead();
    const empty = await server().request('/api/calculations/draft', { token: lead.token });
    expect(empty.status).toBe(200);
    expect(field(empty.body, 'data', 'borrador')).toBeNull();
    expect(field(empty.body, 'data', 'simulador')).toMatchObject({
      cuotaMensual: passingLead().respuestas.cuotaMensual,
      ingresosMensuales: passingLead().respuestas.ingresosMensuales,
    });

    const entrada = { banco: 'banco-santander', capitalPendiente: '98.765,43', mayorSesenta: true };
    const saved = await server().request('/api/calculations/draft', {
      method: 'PUT',
      json: { entrada, paso: 3 },
      token: lead.token,
    });
    expect(saved.status).toBe(200);
    const again = await server().request('/api/calculations/draft', {
      method: 'PUT',
      json: { entrada: { ...entrada, plazoRestante: '20' }, paso: 4 },
      token: lead.token,
    });
    expect(again.status).toBe(200);
    const read = await server().request('/api/calculations/draft', { token: lead.token });
    expect(field(read.body, 'data', 'borrador')).toMatchObject({
      entrada: { ...entrada, plazoRestante: '20' },
      paso: 4,
    });
    const progress = await server().request('/api/case/progress', { token: lead.token });
    expect(field(progress.body, 'data', 'pasos')).toEqual([
      { id: 'calcular-cuota', estado: 'en-curso' },
      { id: 'obtener-documentos', estado: 'no-empezado' },
      { id: 'seleccionar-plan', estado: 'no-empezado' },
      { id: 'revisar-expediente', estado: 'no-empezado' },
      { id: 'enviar-expediente', estado: 'no-empezado' },
      { id: 'estado-caso', estado: 'en-curso' },
    ]);

    await server().request('/api/calculations', { json: form, token: lead.token });
    const after = await server().request('/api/calculations/draft', { token: lead.token });
    expect(field(after.body, 'data', 'borrador')).toBeNull();
    const done = await server().request('/api/case/progress', { token: lead.token });
    expect(field(done.body, 'data', 'pasos', '0')).toEqual({
      id: 'calcular-cuota',
      estado: 'completado',
    });
  });

  it('says the calculator is not started before anything is typed', async () => {
    const lead = await newLead();
    const progress = await server().request('/api/case/progress', { token: lead.token });
    expect(field(progress.body, 'data', 'pasos', '0')).toEqual({
      id: 'calcular-cuota',
      estado: 'no-empezado',
    });
  });

  it('refuses a draft on a step that does not exist, with unknown fields or control characters, in Spanish', async () => {
    const lead = await newLead();
    for (const json of [
      { entrada: {}, paso: 6 },
      { entrada: { banco: 'x', sueldo: 3 }, paso: 1 },
      { entrada: {}, paso: 1, otro: true },
      // A NUL cannot be kept by the database: refused, not a 500 (found by the fuzz).
      { entrada: { banco: 'a\u0000b', capitalPendiente: '120.000,50' }, paso: 3 },
      { entrada: { capitalPendiente: '120\u0000000' }, paso: 3 },
    ]) {
      const response = await server().request('/api/calculations/draft', {
        method: 'PUT',
        json,
        token: lead.token,
      });
      expect(response.status).toBe(400);
      expect(typeof field(response.body, 'message')).toBe('string');
    }
  });

  it('never shows or changes one person’s draft or progress for another', async () => {
    const mine = await newLead();
    const other = await newLead();
    await server().request('/api/calculations/draft', {
      method: 'PUT',
      json: { entrada: { capitalPendiente: '1.000' }, paso: 3 },
      token: mine.token,
    });
    const theirs = await server().request('/api/calculations/draft', { token: other.token });
    expect(field(theirs.body, 'data', 'borrador')).toBeNull();
    const theirProgress = await server().request('/api/case/progress', { token: other.token });
    expect(field(theirProgress.body, 'data', 'pasos', '0', 'estado')).toBe('no-empezado');
    await server().request('/api/calculations/draft', {
      method: 'PUT',
      json: { entrada: { capitalPendiente: '2.000' }, paso: 2 },
      token: other.token,
    });
    const still = await server().request('/api/calculations/draft', { token: mine.token });
    expect(field(still.body, 'data', 'borrador', 'entrada', 'capitalPendiente')).toBe('1.000');
    for (const path of ['/api/calculations/draft', '/api/case/progress']) {
      const anonymous = await server().request(path);
      expect(anonymous.status).toBe(401);
    }
  });

  it('reads a draft kept under an older shape of the form as no draft, not as an error', async () => {
    const lead = await newLead();
    await server().request('/api/calculations/draft', {
      method: 'PUT',
      json: { entrada: { capitalPendiente: '1.000' }, paso: 3 },
      token: lead.token,
    });
    await server()
      .ctx.db.update(calculationDrafts)
      .set({ inputs: { campoAntiguo: true }, step: 9 })
      .where(eq(calculationDrafts.leadId, lead.id));
    const read = await server().request('/api/calculations/draft', { token: lead.token });
    expect(read.status).toBe(200);
    expect(field(read.body, 'data', 'borrador')).toBeNull();
  });
});
