import { STAFF_MESSAGES, TEXT_CHARACTERS_MESSAGE } from '@cbp/core';
import { count, eq, sql } from 'drizzle-orm';
import { leads, staffMembers, staffSessions } from '../src/db/schema';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ensureFirstAdmin } from '../src/modules/staff/accounts';
import {
  activateStaff,
  field,
  passingLead,
  readMailbox,
  serverFor,
  STAFF_PASSWORD,
  staffCookieRequest,
  staffRefreshCookie,
  staffInvitationLinkFor,
  staffInvitationLinks,
  text,
  variants,
} from './helpers';

const ADMIN = 'direccion@despacho.es';
const defaults = loadConfig({}).staff;

function tokenOf(link: string): string {
  return new URLSearchParams(link.slice(link.indexOf('#') + 1)).get('token') ?? '';
}

function codeAt(secret: string, email: string, timestamp: number): string {
  return new TOTP({
    issuer: 'CBP Gestión',
    label: email,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp });
}

describe.each(variants)('back-office on $name', (variant) => {
  const server = serverFor(variant, { staff: { ...defaults, adminEmail: ADMIN } });
  let admin = '';
  let adminSecret = '';

  async function createClientLead(overrides: Record<string, unknown> = {}) {
    const response = await server().request('/api/leads', { json: passingLead(overrides) });
    expect(response.status).toBe(201);
    return {
      id: text(response.body, 'data', 'id'),
      token: text(response.body, 'session', 'access_token'),
      email: text(response.body, 'session', 'user', 'email'),
    };
  }

  it('invites the first administrator at start; the link enrols TOTP, and each code works once', async () => {
    const link = await staffInvitationLinkFor(server(), ADMIN);
    const mail = (await readMailbox(server())).find((message) => message.para === ADMIN);
    expect(mail?.asunto).toBe('Te han invitado a la gestión del despacho');

    const invitation = await server().request('/api/gestion/auth/invitation', {
      json: { token: tokenOf(link) },
    });
    expect(invitation.status).toBe(200);
    expect(invitation.body).toMatchObject({
      email: ADMIN,
      rol: 'admin',
      verificacionObligatoria: false,
    });
    const secret = text(invitation.body, 'totpSecreto');
    adminSecret = secret;

    const wrongCode = await server().request('/api/gestion/auth/activate', {
      json: { token: tokenOf(link), password: STAFF_PASSWORD, codigo: '000000' },
    });
    expect(wrongCode.status).toBe(400);
    expect(field(wrongCode.body, 'errors')).toEqual({ codigo: STAFF_MESSAGES.totpInvalid });

    const now = Date.now();
    const activated = await server().request('/api/gestion/auth/activate', {
      json: { token: tokenOf(link), password: STAFF_PASSWORD, codigo: codeAt(secret, ADMIN, now) },
    });
    expect(activated.status).toBe(200);
    expect(field(activated.body, 'staff')).toMatchObject({
      email: ADMIN,
      rol: 'admin',
      estado: 'activo',
      verificacionEnDosPasos: true,
    });

    const again = await server().request('/api/gestion/auth/activate', {
      json: { token: tokenOf(link), password: STAFF_PASSWORD },
    });
    expect(again).toMatchObject({
      status: 400,
      body: { message: STAFF_MESSAGES.invalidInvitation },
    });

    const withoutCode = await server().request('/api/gestion/auth/login', {
      json: { email: ADMIN, password: STAFF_PASSWORD },
    });
    expect(withoutCode.status).toBe(401);
    expect(field(withoutCode.body, 'errors')).toEqual({ codigo: STAFF_MESSAGES.totpRequired });

    const replayed = await server().request('/api/gestion/auth/login', {
      json: { email: ADMIN, password: STAFF_PASSWORD, codigo: codeAt(secret, ADMIN, now) },
    });
    expect(replayed.status).toBe(401);

    const signedIn = await server().request('/api/gestion/auth/login', {
      json: { email: ADMIN, password: STAFF_PASSWORD, codigo: codeAt(secret, ADMIN, now + 30_000) },
    });
    expect(signedIn.status).toBe(200);
    admin = text(signedIn.body, 'session', 'access_token');
  });

  it('lets one of several sign-ins racing with the same code through, and only one', async () => {
    const sessionsOfAdmin = async () => {
      const [row] = await server()
        .ctx.db.select({ total: count() })
        .from(staffSessions)
        .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
        .where(eq(staffMembers.email, ADMIN));
      return row?.total ?? 0;
    };
    // As if the last code accepted were long ago, so the current code is valid for every racer.
    await server()
      .ctx.db.update(staffMembers)
      .set({ totpLastStep: null })
      .where(eq(staffMembers.email, ADMIN));
    const before = await sessionsOfAdmin();
    const codigo = codeAt(adminSecret, ADMIN, Date.now());
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        server().request('/api/gestion/auth/login', {
          json: { email: ADMIN, password: STAFF_PASSWORD, codigo },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    expect(await sessionsOfAdmin()).toBe(before + 1);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await server().request('/api/gestion/auth/login', {
      json: { email: ADMIN, password: 'otra-clave-cualquiera' },
    });
    const unknown = await server().request('/api/gestion/auth/login', {
      json: { email: 'nadie@despacho.es', password: 'otra-clave-cualquiera' },
    });
    expect(wrong).toMatchObject({
      status: 401,
      body: { message: STAFF_MESSAGES.invalidCredentials },
    });
    expect(unknown).toMatchObject({ status: 401, body: wrong.body });
  });

  it('never takes a client token on the staff API, nor a staff token on the client API', async () => {
    const client = await createClientLead();
    const none = await server().request('/api/gestion/leads');
    expect(none.status).toBe(401);
    const asClient = await server().request('/api/gestion/leads', { token: client.token });
    expect(asClient).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.clientToken } });
    const staffOnClient = await server().request('/api/auth/verify', { token: admin });
    expect(staffOnClient.status).toBe(401);
    const staffOnLead = await server().request(`/api/leads/${client.id}`, { token: admin });
    expect(staffOnLead.status).toBe(401);
  });

  it('lets an administrator invite a gestor, who cannot manage the team', async () => {
    const invited = await server().request('/api/gestion/equipo', {
      token: admin,
      json: { email: 'Marta@Despacho.es', nombre: 'Marta Ruiz', rol: 'gestor' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'marta@despacho.es', estado: 'invitado' });
    // While she has not activated, inviting her again sends a new link that replaces the first.
    const [firstLink = ''] = await staffInvitationLinks(server(), 'marta@despacho.es');
    const twice = await server().request('/api/gestion/equipo', {
      token: admin,
      json: { email: 'marta@despacho.es', nombre: 'Marta Ruiz', rol: 'gestor' },
    });
    expect(twice).toMatchObject({ status: 201, body: { estado: 'invitado' } });
    const active = await server().request('/api/gestion/equipo', {
      token: admin,
      json: { email: ADMIN, nombre: 'Otra', rol: 'gestor' },
    });
    expect(active).toMatchObject({ status: 409, body: { message: STAFF_MESSAGES.alreadyStaff } });

    const links = await staffInvitationLinks(server(), 'marta@despacho.es');
    expect(links).toHaveLength(2);
    const firstTry = await server().request('/api/gestion/auth/activate', {
      json: { token: tokenOf(firstLink), password: STAFF_PASSWORD },
    });
    expect(firstTry.status).toBe(400);
    const gestor = await activateStaff(
      server(),
      'marta@despacho.es',
      links.find((link) => link !== firstLink),
    );
    const team = await server().request('/api/gestion/equipo', { token: gestor.accessToken });
    expect(team).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.forbidden } });
    const invite = await server().request('/api/gestion/equipo', {
      token: gestor.accessToken,
      json: { email: 'otro@despacho.es', nombre: 'Otro', rol: 'admin' },
    });
    expect(invite.status).toBe(403);
    const leads = await server().request('/api/gestion/leads', { token: gestor.accessToken });
    expect(leads.status).toBe(200);

    // Refresh rotates; a second use of the same refresh token closes the session.
    const rotated = await server().request(
      '/api/gestion/auth/refresh',
      staffCookieRequest(server(), `cbp_gestion_refresh=${gestor.refreshToken}`),
    );
    expect(rotated.status).toBe(200);
    const reused = await server().request(
      '/api/gestion/auth/refresh',
      staffCookieRequest(server(), `cbp_gestion_refresh=${gestor.refreshToken}`),
    );
    expect(reused.status).toBe(401);
    const afterReuse = await server().request('/api/gestion/leads', {
      token: text(rotated.body, 'session', 'access_token'),
    });
    expect(afterReuse.status).toBe(401);

    const members = await server().request('/api/gestion/equipo', { token: admin });
    const marta = (field(members.body, 'equipo') as { id: string; email: string }[]).find(
      (member) => member.email === 'marta@despacho.es',
    );
    const disabled = await server().request(`/api/gestion/equipo/${marta?.id ?? ''}/desactivar`, {
      token: admin,
      method: 'POST',
    });
    expect(disabled.body).toMatchObject({ estado: 'desactivado' });
    const login = await server().request('/api/gestion/auth/login', {
      json: { email: 'marta@despacho.es', password: STAFF_PASSWORD },
    });
    expect(login.status).toBe(401);

    // Disabled, she can be invited again: a new link, and her old password no longer counts.
    const earlier = await staffInvitationLinks(server(), 'marta@despacho.es');
    const reinvited = await server().request('/api/gestion/equipo', {
      token: admin,
      json: { email: 'marta@despacho.es', nombre: 'Marta Ruiz', rol: 'admin' },
    });
    expect(reinvited.body).toMatchObject({ estado: 'invitado', rol: 'admin' });
    const before = await server().request('/api/gestion/auth/login', {
      json: { email: 'marta@despacho.es', password: STAFF_PASSWORD },
    });
    expect(before.status).toBe(401);
    const newest = (await staffInvitationLinks(server(), 'marta@despacho.es')).find(
      (link) => !earlier.includes(link),
    );
    const back = await activateStaff(server(), 'marta@despacho.es', newest);
    const teamAgain = await server().request('/api/gestion/equipo', { token: back.accessToken });
    expect(teamAgain.status).toBe(200);
  });

  it('keeps the refresh token in an httpOnly cookie of the staff sign-in path, spent only by the back-office', async () => {
    const email = 'pablo@despacho.es';
    const invited = await server().request('/api/gestion/equipo', {
      token: admin,
      json: { email, nombre: 'Pablo Gil', rol: 'gestor' },
    });
    expect(invited.status).toBe(201);
    const activated = await server().request('/api/gestion/auth/activate', {
      json: {
        token: tokenOf(await staffInvitationLinkFor(server(), email)),
        password: STAFF_PASSWORD,
      },
    });
    expect(activated.status).toBe(200);
    // Scripts never see it: not in the body, and the cookie is HttpOnly.
    expect(Object.keys(field(activated.body, 'session') as object).sort()).toEqual([
      'access_token',
      'expires_in',
    ]);
    const first = staffRefreshCookie(activated.headers);
    expect(first.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/gestion/auth']),
    );
    const maxAge = Number(first.attributes.find((part) => part.startsWith('Max-Age='))?.slice(8));
    expect(maxAge).toBeGreaterThan(defaults.sessionTtlSeconds - 60);
    expect(maxAge).toBeLessThanOrEqual(defaults.sessionTtlSeconds);

    // Another site's request cannot spend it: without the back-office's header it is not
    // looked at, and an origin that is not the firm's is refused.
    const withoutHeader = await server().request('/api/gestion/auth/refresh', {
      method: 'POST',
      headers: { cookie: first.pair },
    });
    expect(withoutHeader).toMatchObject({
      status: 403,
      body: { message: STAFF_MESSAGES.crossSite },
    });
    const request = staffCookieRequest(server(), first.pair);
    const foreign = await server().request('/api/gestion/auth/refresh', {
      ...request,
      headers: { ...request.headers, origin: 'https://otro-sitio.example' },
    });
    expect(foreign.status).toBe(403);
    // A script of another site cannot send the header: its preflight is not answered for it.
    const preflight = (origin: string) =>
      server().request('/api/gestion/auth/refresh', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-gestion-sesion',
        },
      });
    const foreignPreflight = await preflight('https://otro-sitio.example');
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();
    const ownPreflight = await preflight(server().url);
    expect(ownPreflight.headers.get('access-control-allow-origin')).toBe(server().url);
    expect(ownPreflight.headers.get('access-control-allow-headers')).toMatch(/X-Gestion-Sesion/i);
    const logoutWithoutHeader = await server().request('/api/gestion/auth/logout', {
      method: 'POST',
      headers: { cookie: first.pair },
    });
    expect(logoutWithoutHeader.status).toBe(403);
    // Nor does a token in the body stand in for the cookie.
    const inBody = await server().request('/api/gestion/auth/refresh', {
      headers: { 'x-gestion-sesion': '1' },
      json: { refresh_token: first.value },
    });
    expect(inBody.status).toBe(401);

    const rotated = await server().request('/api/gestion/auth/refresh', request);
    expect(rotated.status).toBe(200);
    expect(field(rotated.body, 'session')).not.toHaveProperty('refresh_token');
    const second = staffRefreshCookie(rotated.headers);
    expect(second.value).not.toBe(first.value);
    const access = text(rotated.body, 'session', 'access_token');
    expect((await server().request('/api/gestion/leads', { token: access })).status).toBe(200);

    // Signing out revokes the session and clears the cookie.
    const out = await server().request(
      '/api/gestion/auth/logout',
      staffCookieRequest(server(), second.pair),
    );
    expect(out.status).toBe(200);
    const cleared = staffRefreshCookie(out.headers);
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(
      expect.arrayContaining(['Max-Age=0', 'Path=/api/gestion/auth']),
    );
    expect((await server().request('/api/gestion/leads', { token: access })).status).toBe(401);
    const afterOut = await server().request(
      '/api/gestion/auth/refresh',
      staffCookieRequest(server(), second.pair),
    );
    expect(afterOut.status).toBe(401);
    expect(staffRefreshCookie(afterOut.headers).value).toBe('');
    const noCookie = await server().request(
      '/api/gestion/auth/refresh',
      staffCookieRequest(server(), undefined),
    );
    expect(noCookie.status).toBe(401);
  });

  it('finds leads by e-mail, groups one person\u2019s contacts and exports what the filters select', async () => {
    // Every other lead of this file shares the sample phone; these two are one person apart.
    const first = await createClientLead({
      nombre: '=HYPERLINK("x")',
      email: 'pareja@correo.es',
      telefono: '699 111 222',
    });
    await createClientLead({ email: 'pareja@correo.es', telefono: '699 111 222' });
    const found = await server().request(
      '/api/gestion/leads?q=PAREJA@correo&orden=creadoEl&direccion=asc',
      {
        token: admin,
      },
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ total: 2, pagina: 1, porPagina: 25 });
    const rows = field(found.body, 'leads') as { id: string; duplicados: number }[];
    expect(rows.map((row) => row.id)[0]).toBe(first.id);
    expect(rows.map((row) => row.duplicados)).toEqual([1, 1]);

    const page = await server().request(
      '/api/gestion/leads?porPagina=10&pagina=1&resultado=cumple',
      {
        token: admin,
      },
    );
    expect((field(page.body, 'leads') as unknown[]).length).toBeLessThanOrEqual(10);
    const badPage = await server().request('/api/gestion/leads?porPagina=7', { token: admin });
    expect(badPage.status).toBe(400);
    const badRange = await server().request(
      '/api/gestion/leads?desde=2026-02-01&hasta=2026-01-01',
      {
        token: admin,
      },
    );
    expect(badRange.status).toBe(400);

    // Received at 22:30 UTC on 1 July: already 2 July, 00:30, in Madrid.
    await server()
      .ctx.db.update(leads)
      .set({ createdAt: new Date('2026-07-01T22:30:00Z') })
      .where(eq(leads.id, first.id));
    const csv = await fetch(`${server().url}/api/gestion/leads.csv?q=pareja%40correo.es`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = Buffer.from(await csv.arrayBuffer());
    // The BOM, so a spreadsheet in Spanish reads "Teléfono" and not "TelÃ©fono".
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'Fecha;Hora;Nombre;Apellidos;Correo electrónico;Teléfono;Resultado;Cuota sobre ingresos (%);Fase comercial;Estado del caso;Otros contactos de la persona;Id del lead;Id de la persona',
    );
    // The screen's words and Spain's day and time; a name a spreadsheet would run stays text.
    const row = lines.find((line) => line.includes(first.id)) ?? '';
    expect(row).toMatch(
      /^02\/07\/2026;00:30;"'=HYPERLINK\(""x""\)";García Pérez;pareja@correo\.es;699111222;Cumple;\d+,\d{2};Nuevo;[^;]+;1;/,
    );
    expect(row).not.toMatch(/;cumple;|T\d{2}:\d{2}/);
  });

  it('moves a case with a note, e-mails the client and keeps the history and the audit entry', async () => {
    const client = await createClientLead();
    const missingNote = await server().request(`/api/gestion/leads/${client.id}/fase`, {
      token: admin,
      json: { fase: 'revision-documentacion', nota: '   ' },
    });
    expect(missingNote).toMatchObject({ status: 400 });
    expect(field(missingNote.body, 'message')).toBe(STAFF_MESSAGES.noteRequired);

    const unknownPhase = await server().request(`/api/gestion/leads/${client.id}/fase`, {
      token: admin,
      json: { fase: 'inventada', nota: 'Prueba' },
    });
    expect(unknownPhase.status).toBe(400);

    const moved = await server().request(`/api/gestion/leads/${client.id}/fase`, {
      token: admin,
      json: { fase: 'revision-documentacion', nota: 'Hemos recibido tus nóminas.' },
    });
    expect(moved.status).toBe(200);
    expect(field(moved.body, 'lead')).toMatchObject({
      estado: 'Revisión de documentación',
      faseId: 'revision-documentacion',
    });
    expect(field(moved.body, 'historial')).toEqual([
      expect.objectContaining({
        de: 'Nuevo',
        a: 'Revisión de documentación',
        nota: 'Hemos recibido tus nóminas.',
      }),
    ]);

    const mail = (await readMailbox(server())).find(
      (message) => message.para === client.email && message.asunto.startsWith('Tu caso avanza'),
    );
    expect(mail?.asunto).toBe('Tu caso avanza: Revisión de documentación');
    expect(mail?.texto).toContain('Hemos recibido tus nóminas.');
    expect(mail?.texto).toContain('40\u00a0%');

    const note = await server().request(`/api/gestion/leads/${client.id}/notas`, {
      token: admin,
      json: { texto: 'Llamar el lunes' },
    });
    expect(field(note.body, 'notas')).toEqual([
      expect.objectContaining({ texto: 'Llamar el lunes' }),
    ]);
    const comercial = await server().request(`/api/gestion/leads/${client.id}`, {
      token: admin,
      method: 'PATCH',
      json: { fase_comercial: 'Contactado' },
    });
    expect(field(comercial.body, 'lead', 'fase_comercial')).toBe('Contactado');

    const audit = await server().request('/api/gestion/auditoria?accion=case.moved', {
      token: admin,
    });
    expect(audit.status).toBe(200);
    expect(field(audit.body, 'entradas')).toEqual([
      expect.objectContaining({
        actorTipo: 'staff',
        actorEmail: ADMIN,
        accion: 'case.moved',
        objetoId: client.id,
        // The case is named by its client, to link to it, not left as a bare id.
        caso: { leadId: client.id, nombre: 'Lucía García Pérez' },
        antes: { fase: 'nuevo', estado: 'Nuevo' },
        despues: {
          fase: 'revision-documentacion',
          estado: 'Revisión de documentación',
          nota: 'Hemos recibido tus nóminas.',
        },
      }),
    ]);
    expect(field(audit.body, 'acciones')).toEqual(
      expect.arrayContaining([
        'case.moved',
        'lead.note_added',
        'lead.updated',
        'staff.login',
        'staff.invited',
      ]),
    );

    // A member of the team is named too: the invitation says whom it invited.
    const invited = await server().request('/api/gestion/auditoria?accion=staff.invited', {
      token: admin,
    });
    expect(field(invited.body, 'entradas')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          accion: 'staff.invited',
          objetoTipo: 'staff',
          persona: { nombre: 'Administración', email: ADMIN },
          caso: null,
        }),
      ]),
    );
  });

  it('refuses invisible or control characters in the phase, the searches and the refund note', async () => {
    const client = await createClientLead();
    const refusals = [
      server().request(`/api/gestion/leads/${client.id}/fase`, {
        token: admin,
        json: { fase: 'a\u0000', nota: 'Prueba' },
      }),
      server().request('/api/gestion/auditoria?accion=%00', { token: admin }),
      server().request('/api/gestion/auditoria?actor=%00', { token: admin }),
      server().request('/api/gestion/leads?q=%00', { token: admin }),
      server().request('/api/gestion/leads.csv?q=ana%00', { token: admin }),
      server().request(`/api/gestion/leads/${client.id}/reembolso`, {
        token: admin,
        json: { motivo: 'desistimiento', nota: 'Pedido\u0000' },
      }),
    ];
    for (const answer of await Promise.all(refusals)) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(TEXT_CHARACTERS_MESSAGE);
    }
  });

  it('records the clients\u2019 security events too', async () => {
    const failed = await server().request('/api/auth/login', {
      json: { email: 'intruso@correo.es', password: 'probando-claves-1' },
    });
    expect(failed.status).toBe(401);
    const audit = await server().request('/api/gestion/auditoria?accion=client.login_failed', {
      token: admin,
    });
    expect(field(audit.body, 'entradas')).toEqual([
      expect.objectContaining({
        actorTipo: 'anonimo',
        actorEmail: 'intruso@correo.es',
        ip: '127.0.0.1',
      }),
    ]);
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const { db } = server().ctx;
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('invites the first administrator once when several instances start together', async () => {
    const email = `inicio.${variant.name.toLowerCase()}@despacho.es`;
    const { ctx } = server();
    const starting = {
      ...ctx,
      config: { ...ctx.config, staff: { ...defaults, adminEmail: email } },
    };
    const invited = await Promise.all([1, 2, 3, 4].map(() => ensureFirstAdmin(starting)));
    expect(invited.filter(Boolean)).toHaveLength(1);
    expect(await staffInvitationLinks(server(), email)).toHaveLength(1);
  });

  it('lets administrators change a phase and keeps the last administrator', async () => {
    const phase = await server().request('/api/gestion/fases/envio-banco', {
      token: admin,
      method: 'PUT',
      json: {
        nombre: 'Envío al banco',
        progreso: 65,
        siguientePaso: 'Respuesta del banco',
        estimacion: '2 días hábiles',
      },
    });
    expect(phase.body).toMatchObject({ id: 'envio-banco', progreso: 65 });
    const badProgress = await server().request('/api/gestion/fases/envio-banco', {
      token: admin,
      method: 'PUT',
      json: { nombre: 'Envío', progreso: 140, siguientePaso: 'x', estimacion: 'y' },
    });
    expect(badProgress.status).toBe(400);

    const me = await server().request('/api/gestion/auth/me', { token: admin });
    const self = await server().request(`/api/gestion/equipo/${text(me.body, 'id')}/desactivar`, {
      token: admin,
      method: 'POST',
    });
    expect(self).toMatchObject({ status: 409, body: { message: STAFF_MESSAGES.selfDisable } });
  });
});

describe.each(variants.slice(0, 1))('back-office in production mode on $name', (variant) => {
  const server = serverFor(variant, {
    staff: { ...defaults, adminEmail: ADMIN, totpRequired: true },
  });

  it('asks every new staff account to enrol a TOTP app', async () => {
    const token = tokenOf(await staffInvitationLinkFor(server(), ADMIN));
    const invitation = await server().request('/api/gestion/auth/invitation', { json: { token } });
    expect(field(invitation.body, 'verificacionObligatoria')).toBe(true);
    const withoutCode = await server().request('/api/gestion/auth/activate', {
      json: { token, password: STAFF_PASSWORD },
    });
    expect(withoutCode.status).toBe(400);
    expect(field(withoutCode.body, 'errors')).toEqual({ codigo: STAFF_MESSAGES.totpRequired });
  });
});
