import { LEAD_ESTADO_INICIAL, PRIVACY_POLICY_MESSAGE } from '@cbp/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads, outbox, users } from '../src/db/schema';
import {
  failingLead,
  field,
  passingLead,
  readMailbox,
  recoveryLinkIn,
  type TestServer,
  text,
  variants,
  without,
  serverFor,
} from './helpers';

describe.each(variants)('POST /api/leads on $name', (variant) => {
  const server = serverFor(variant);

  async function leadRow(id: string) {
    const [row] = await server().ctx.db.select().from(leads).where(eq(leads.id, id));
    if (row === undefined) throw new Error(`lead ${id} not stored`);
    return row;
  }

  it('creates a passing lead and answers its id, a session and a message', async () => {
    const body = passingLead();
    const response = await server().request('/api/leads', { json: body });

    expect(response.status).toBe(201);
    const id = text(response.body, 'data', 'id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(text(response.body, 'session', 'access_token').split('.')).toHaveLength(3);
    expect(text(response.body, 'session', 'refresh_token').length).toBeGreaterThan(30);
    expect(field(response.body, 'message')).toBe('Datos recibidos correctamente');
    expect(response.headers.get('cache-control')).toBe('no-store');

    const verify = await server().request('/api/auth/verify', {
      token: text(response.body, 'session', 'access_token'),
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ email: body.email, nombre: 'Lucía', leadId: id });
  });

  it('stores the contact data, the consent with its time and policy version, and the answers', async () => {
    const before = Date.now();
    const response = await server().request('/api/leads', {
      json: passingLead({ telefono: '+34 612-345-678', email: '  Marta.Lopez@Correo.ES ' }),
    });
    const after = Date.now();
    const row = await leadRow(text(response.body, 'data', 'id'));

    expect(row).toMatchObject({
      nombre: 'Lucía',
      apellidos: 'García Pérez',
      telefono: '612345678',
      email: 'marta.lopez@correo.es',
      privacyPolicyVersion: server().ctx.config.privacyPolicyVersion,
      respuestas: passingLead().respuestas,
      consentIp: '127.0.0.1',
    });
    // The database clock and the test's clock agree to within a second.
    expect(row.privacyAcceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.privacyAcceptedAt.getTime()).toBeLessThanOrEqual(after + 1000);
  });

  it('recomputes the classification from the answers instead of trusting the browser', async () => {
    // 400 × 100 / 2.000 = 20 %: not above 30 %, so it fails whatever the browser claims.
    const response = await server().request('/api/leads', {
      json: failingLead({ fase_comercial: 'Nuevo', tipocbp: 'carencia2o5' }),
    });
    expect(response.status).toBe(201);
    const row = await leadRow(text(response.body, 'data', 'id'));
    expect(row).toMatchObject({
      fase_comercial: 'No tiene perfil',
      estado: LEAD_ESTADO_INICIAL,
      tipocbp: null,
      cumpleRequisitos: false,
      classificationSource: 'server',
    });
    expect(row.porcentajeCuota).toBeCloseTo(20, 10);
  });

  it('classifies 1.000 € of 1.800 € (55,56 %) as carencia2o5 although the browser said carencia1', async () => {
    const response = await server().request('/api/leads', {
      json: passingLead({
        tipocbp: 'carencia1',
        respuestas: { ...passingLead().respuestas, cuotaMensual: 1000, ingresosMensuales: 1800 },
      }),
    });
    const row = await leadRow(text(response.body, 'data', 'id'));
    // 55,555… % stored with the two decimals every screen shows.
    expect(row.porcentajeCuota).toBe(55.56);
    expect(row).toMatchObject({
      fase_comercial: 'Nuevo',
      tipocbp: 'carencia2o5',
      cumpleRequisitos: true,
    });
  });

  it('refuses a lead that claims to qualify without the answers to check it', async () => {
    const withoutAnswers = without(passingLead({ tipocbp: 'carencia2o5' }), 'respuestas');
    const response = await server().request('/api/leads', { json: withoutAnswers });
    expect(response.status).toBe(400);
    expect(field(response.body, 'errors')).toEqual({
      respuestas:
        'Faltan las respuestas del simulador: sin ellas no podemos comprobar si cumples los requisitos.',
    });
  });

  it('keeps a non-qualifying lead without answers as unverified, and tells the firm so', async () => {
    const withoutAnswers = without(failingLead(), 'respuestas');
    const response = await server().request('/api/leads', { json: withoutAnswers });
    expect(response.status).toBe(201);
    const row = await leadRow(text(response.body, 'data', 'id'));
    expect(row).toMatchObject({
      fase_comercial: 'No tiene perfil',
      tipocbp: null,
      classificationSource: 'client',
      respuestas: null,
      porcentajeCuota: null,
      cumpleRequisitos: null,
    });
    const notice = (await readMailbox(server())).find((mail) =>
      mail.texto.includes(text(response.body, 'data', 'id')),
    );
    expect(notice?.asunto).toContain('sin verificar');
    expect(notice?.texto).toContain(
      'Clasificación: Indicada por el navegador, sin respuestas que la verifiquen',
    );
  });

  it('e-mails a passing lead a create-password link and the firm a notification', async () => {
    const body = passingLead();
    const response = await server().request('/api/leads', { json: body });
    const id = text(response.body, 'data', 'id');
    const mailbox = await readMailbox(server());

    const welcome = mailbox.filter((mail) => mail.para === body.email);
    expect(welcome).toHaveLength(1);
    const [mail] = welcome;
    if (mail === undefined) throw new Error('no welcome mail');
    expect(mail.asunto).toBe('Crea tu contraseña para acceder a tu área de cliente');
    expect(mail.texto).toContain('¡Hola, Lucía!');
    const link = new URL(recoveryLinkIn(mail));
    expect(link.origin).toBe(server().url);
    expect(link.pathname).toBe('/reset-password');
    const fragment = new URLSearchParams(link.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')?.length).toBeGreaterThan(30);

    const notice = mailbox.find((message) => message.texto.includes(id));
    expect(notice?.para).toBe(server().ctx.config.firmEmail);
    expect(notice?.asunto).toBe('Nuevo lead: Lucía García Pérez (Cumple requisitos)');
    // 1.000 × 100 / 1.800 = 55,56 % (es-ES, no-break space before the sign)
    expect(notice?.texto).toContain('Esfuerzo hipotecario: 55,56\u00a0%');
    expect(notice?.texto).toContain('Código aplicable: Código de Buenas Prácticas de 2012');
    // The measure in the words the client is shown, not the stored code 'carencia2o5'.
    expect(notice?.texto).toContain('Medida según el simulador: Carencia de 2 o 5 años');
    expect(notice?.texto).toContain('- Cuota mensual de la hipoteca: 1.000,00\u00a0€');
    expect(notice?.texto).toContain('- Ingresos mensuales de la familia: 1.800,00\u00a0€');
    expect(notice?.texto).toContain('- ¿Es su residencia habitual?: Sí');
    expect(notice?.texto).toContain(`(versión ${server().ctx.config.privacyPolicyVersion})`);
  });

  it('escapes what the visitor typed in the e-mails and in the mailbox page', async () => {
    const body = passingLead({
      nombre: '<img src=x onerror=alert(1)>',
      apellidos: 'Ruiz & "Hijos"',
    });
    await server().request('/api/leads', { json: body });
    const mailbox = await readMailbox(server());
    const welcome = mailbox.find((mail) => mail.para === body.email);
    expect(welcome?.html).toContain('¡Hola, &lt;img src=x onerror=alert(1)&gt;!');
    expect(welcome?.html).not.toContain('<img src=x');
    const notice = mailbox.find((mail) => mail.texto.includes('Ruiz & "Hijos"'));
    expect(notice?.html).toContain('Ruiz &amp; &quot;Hijos&quot;');
    const page = await server().request('/dev/correo');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('Buzón de correo de desarrollo');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('sends a failing lead no password link, but still tells the firm', async () => {
    const body = failingLead();
    const response = await server().request('/api/leads', { json: body });
    expect(response.status).toBe(201);
    expect(text(response.body, 'session', 'access_token')).toBeTruthy();
    const mailbox = await readMailbox(server());
    expect(mailbox.filter((mail) => mail.para === body.email)).toHaveLength(0);
    const notice = mailbox.find((mail) => mail.texto.includes(text(response.body, 'data', 'id')));
    expect(notice?.asunto).toBe('Nuevo lead: Jorge García Pérez (No cumple requisitos)');
  });

  it('links a second lead with the same e-mail (any case) to the same person', async () => {
    const first = passingLead();
    const a = await server().request('/api/leads', { json: first });
    const b = await server().request('/api/leads', {
      json: passingLead({ email: first.email.toUpperCase(), nombre: 'Lucía María' }),
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const rowA = await leadRow(text(a.body, 'data', 'id'));
    const rowB = await leadRow(text(b.body, 'data', 'id'));
    expect(rowA.id).not.toBe(rowB.id);
    expect(rowB.userId).toBe(rowA.userId);
    const people = await server().ctx.db.select().from(users).where(eq(users.email, first.email));
    expect(people).toHaveLength(1);
    expect(people[0]?.nombre).toBe('Lucía');
  });

  it('rounds the amounts to the cent and the share to two decimals, so every read works', async () => {
    const body = passingLead({
      respuestas: { ...passingLead().respuestas, cuotaMensual: 650.004, ingresosMensuales: 0.01 },
    });
    const response = await server().request('/api/leads', { json: body });
    expect(response.status).toBe(201);
    const id = text(response.body, 'data', 'id');
    const row = await leadRow(id);
    expect(row.respuestas).toMatchObject({ cuotaMensual: 650, ingresosMensuales: 0.01 });
    expect(row.porcentajeCuota).toBe(6_500_000);
    const token = text(response.body, 'session', 'access_token');
    const read = await server().request(`/api/leads/${id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ data: { porcentajeCuota: 6_500_000 } });
  });

  it('gives the session that owns the lead its answers back, so the result page survives a reload', async () => {
    const body = passingLead();
    const response = await server().request('/api/leads', { json: body });
    const id = text(response.body, 'data', 'id');
    const read = await server().request(`/api/leads/${id}`, {
      token: text(response.body, 'session', 'access_token'),
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      data: { id, nombre: body.nombre, cumpleRequisitos: true, respuestas: body.respuestas },
    });
  });

  it('reads a lead stored with an impossible share (from before) as an unknown share, not a 500', async () => {
    const response = await server().request('/api/leads', { json: passingLead() });
    const id = text(response.body, 'data', 'id');
    await server()
      .ctx.db.update(leads)
      .set({ porcentajeCuota: Number.POSITIVE_INFINITY })
      .where(eq(leads.id, id));
    const read = await server().request(`/api/leads/${id}`, {
      token: text(response.body, 'session', 'access_token'),
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ data: { id, porcentajeCuota: null } });
  });

  describe('mail to one person caused by anonymous forms', () => {
    it('sends at most 3 an hour to one address, whatever asks; the firm still hears of every lead', async () => {
      const email = passingLead().email;
      const ids: string[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await server().request('/api/leads', { json: passingLead({ email }) });
        expect(response.status).toBe(201);
        ids.push(text(response.body, 'data', 'id'));
      }
      const reset = await server().request('/api/auth/reset-password-request', {
        json: { email },
      });
      expect(reset.status).toBe(200);

      const mailbox = await readMailbox(server());
      expect(mailbox.filter((mail) => mail.para === email)).toHaveLength(3);
      const firm = mailbox.filter(
        (mail) =>
          mail.para === server().ctx.config.firmEmail && ids.some((id) => mail.texto.includes(id)),
      );
      expect(firm).toHaveLength(5);
    });

    it('counts concurrent requests one after the other', async () => {
      const email = passingLead().email;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          server().request('/api/leads', { json: passingLead({ email }) }),
        ),
      );
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      const mailbox = await readMailbox(server());
      expect(mailbox.filter((mail) => mail.para === email)).toHaveLength(3);
    });
  });

  describe('Idempotency-Key', () => {
    it('does not hand out again a session whose refresh token has been used', async () => {
      const body = passingLead();
      const key = `reintento-${crypto.randomUUID()}`;
      const first = await server().request('/api/leads', {
        json: body,
        headers: { 'idempotency-key': key },
      });
      const refresh = await server().request('/api/auth/refresh', {
        json: { refresh_token: text(first.body, 'session', 'refresh_token') },
      });
      expect(refresh.status).toBe(200);

      const replay = await server().request('/api/leads', {
        json: body,
        headers: { 'idempotency-key': key },
      });
      expect(replay.status).toBe(409);
      expect(replay.body).toEqual({
        message:
          'Estos datos ya se recibieron y la sesión que se creó con ellos ya se ha usado. Inicia sesión o vuelve a empezar el simulador.',
      });
      // The rotated session goes on working: the replay did not look like a stolen token.
      const verify = await server().request('/api/auth/verify', {
        token: text(refresh.body, 'session', 'access_token'),
      });
      expect(verify.status).toBe(200);
    });

    it('answers a retry with the first result and stores nothing twice', async () => {
      const body = passingLead();
      const key = `reintento-${crypto.randomUUID()}`;
      const first = await server().request('/api/leads', {
        json: body,
        headers: { 'idempotency-key': key },
      });
      await readMailbox(server());
      const outboxBefore = await server().ctx.db.select().from(outbox);
      const second = await server().request('/api/leads', {
        json: body,
        headers: { 'idempotency-key': key },
      });

      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      const stored = await server().ctx.db.select().from(leads).where(eq(leads.email, body.email));
      expect(stored).toHaveLength(1);
      expect(await server().ctx.db.select().from(outbox)).toHaveLength(outboxBefore.length);
    });

    it('creates one lead when the same request arrives five times at once', async () => {
      const body = passingLead();
      const key = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          server().request('/api/leads', { json: body, headers: { 'idempotency-key': key } }),
        ),
      );
      const ids = new Set(answers.map((answer) => text(answer.body, 'data', 'id')));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      expect(ids.size).toBe(1);
      expect(
        await server().ctx.db.select().from(leads).where(eq(leads.email, body.email)),
      ).toHaveLength(1);
    });

    it('refuses the same key with different data (409)', async () => {
      const key = crypto.randomUUID();
      const body = passingLead();
      await server().request('/api/leads', { json: body, headers: { 'idempotency-key': key } });
      const other = await server().request('/api/leads', {
        json: { ...body, nombre: 'Otra persona' },
        headers: { 'idempotency-key': key },
      });
      expect(other.status).toBe(409);
      expect(field(other.body, 'message')).toBe(
        'Esta clave de idempotencia ya se usó con otros datos. Genera una clave nueva para un envío distinto.',
      );
    });

    it('refuses a malformed key (400)', async () => {
      const response = await server().request('/api/leads', {
        json: passingLead(),
        headers: { 'idempotency-key': 'corta' },
      });
      expect(response.status).toBe(400);
      expect(field(response.body, 'message')).toBe(
        'La cabecera Idempotency-Key no es válida: usa entre 8 y 200 caracteres visibles.',
      );
    });
  });

  describe('refuses bad input with a Spanish message and stores nothing', () => {
    async function expectRejected(
      init: Parameters<TestServer['request']>[1],
      status: number,
      message: string,
      fields?: Record<string, string>,
    ) {
      const count = (await server().ctx.db.select().from(leads)).length;
      const response = await server().request('/api/leads', init);
      expect(response.status).toBe(status);
      expect(field(response.body, 'message')).toBe(message);
      if (fields !== undefined) expect(field(response.body, 'errors')).toMatchObject(fields);
      expect(await server().ctx.db.select().from(leads)).toHaveLength(count);
    }

    it('without the privacy consent', () =>
      expectRejected(
        { json: passingLead({ politicaPrivacidad: false }) },
        400,
        PRIVACY_POLICY_MESSAGE,
        {
          politicaPrivacidad: PRIVACY_POLICY_MESSAGE,
        },
      ));

    it('with a missing name', () => {
      return expectRejected(
        { json: without(passingLead(), 'nombre') },
        400,
        'Introduce tu nombre',
        { nombre: 'Introduce tu nombre' },
      );
    });

    it('with an invalid e-mail and phone, reporting both fields', () =>
      expectRejected(
        { json: passingLead({ email: 'no-es-un-correo', telefono: '12' }) },
        400,
        'Introduce un teléfono español válido (9 dígitos)',
        {
          email: 'Introduce un correo electrónico válido',
          telefono: 'Introduce un teléfono español válido (9 dígitos)',
        },
      ));

    it('with an unknown field', () =>
      expectRejected({ json: passingLead({ esAdmin: true }) }, 400, 'Campo no permitido: esAdmin', {
        esAdmin: 'Campo no permitido: esAdmin',
      }));

    it('with an income of 0 in the answers', () =>
      expectRejected(
        {
          json: passingLead({ respuestas: { ...passingLead().respuestas, ingresosMensuales: 0 } }),
        },
        400,
        'Los ingresos mensuales deben ser un número mayor que 0',
      ));

    it('with malformed JSON', () =>
      expectRejected(
        { body: '{"nombre": "Ana",', headers: { 'content-type': 'application/json' } },
        400,
        'El cuerpo de la petición no es un JSON válido.',
      ));

    it('with an empty JSON body', () =>
      expectRejected(
        { body: '', method: 'POST', headers: { 'content-type': 'application/json' } },
        400,
        'El cuerpo de la petición está vacío.',
      ));

    it('with a body that is not an object', () =>
      expectRejected({ json: [1, 2, 3] }, 400, 'Los datos enviados no son válidos'));

    it('with an unsupported content type (415)', () =>
      expectRejected(
        { body: '<lead/>', headers: { 'content-type': 'application/xml' } },
        415,
        'Tipo de contenido no admitido: envía los datos como JSON (application/json).',
      ));

    it('with a body over the size limit (413)', () =>
      expectRejected(
        { json: passingLead({ nombre: 'a'.repeat(40_000) }) },
        413,
        'La petición es demasiado grande.',
      ));

    it.each([5e-324, Number.MIN_VALUE * 1e10, 0.004])(
      'with an income of %s €, which is 0 € to the cent',
      (ingresosMensuales) =>
        expectRejected(
          { json: passingLead({ respuestas: { ...passingLead().respuestas, ingresosMensuales } }) },
          400,
          'Los ingresos mensuales deben ser un número mayor que 0',
          {
            'respuestas.ingresosMensuales':
              'Los ingresos mensuales deben ser un número mayor que 0',
          },
        ),
    );

    it.each([
      ['a right-to-left override', 'Lucía\u202E'],
      ['a line separator', 'Lucía\u2028Asunto: pago urgente'],
      ['a zero-width no-break space', 'Lu\uFEFFcía'],
    ])('with %s in the name', (_label, nombre) =>
      expectRejected(
        { json: passingLead({ nombre }) },
        400,
        'El nombre contiene caracteres invisibles o de control que no se admiten. Escríbelo de nuevo sin ellos.',
      ),
    );

    it('with a name longer than 100 characters', () =>
      expectRejected(
        { json: passingLead({ nombre: 'a'.repeat(101) }) },
        400,
        'El nombre no puede superar 100 caracteres',
      ));
  });
});

describe('the law of the day the lead arrives (PGlite)', () => {
  const [pglite] = variants;
  if (pglite === undefined) throw new Error('PGlite variant missing');
  // 650 € of 1.800 € is 36,11 %: enough only for the 2022 code, open until 24-11-2025.
  const answers36 = {
    precioHasta300k: true,
    viviendaHabitual: true,
    firmadaAntes2023: true,
    cuotaMensual: 650,
    ingresosMensuales: 1800,
  };
  const today = serverFor(pglite, {}, { today: () => '2026-11-25' });
  const lastDay = serverFor(pglite, {}, { today: () => '2025-11-24' });

  async function sendAndRead(server: typeof today, email: string) {
    const body = passingLead({ email, respuestas: answers36, fase_comercial: 'No tiene perfil' });
    const created = await server().request('/api/leads', { json: body });
    expect(created.status).toBe(201);
    const id = text(created.body, 'data', 'id');
    const read = await server().request(`/api/leads/${id}`, {
      token: text(created.body, 'session', 'access_token'),
    });
    const notice = (await readMailbox(server())).find((mail) => mail.texto.includes(id));
    return { lead: read.body, notice: notice?.texto ?? '' };
  }

  it('does not qualify anyone today by a code that has closed, and tells the firm which one', async () => {
    const { lead, notice } = await sendAndRead(today, 'hoy.36@correo.es');
    expect(lead).toMatchObject({
      data: { cumpleRequisitos: false, fase_comercial: 'No tiene perfil', tipocbp: 'carencia1' },
    });
    expect(notice).toContain(
      'Código aplicable: Ninguno abierto hoy; encajaría en el Código de Buenas Prácticas de 2022, ya cerrado',
    );
  });

  it('qualified the same answers on the last day of the 2022 code', async () => {
    const { lead, notice } = await sendAndRead(lastDay, 'ultimo.dia.36@correo.es');
    expect(lead).toMatchObject({ data: { cumpleRequisitos: true, fase_comercial: 'Nuevo' } });
    expect(notice).toContain('Código aplicable: Código de Buenas Prácticas de 2022');
  });
});
