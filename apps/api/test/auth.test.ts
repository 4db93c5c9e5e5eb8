import { PASSWORD_MESSAGES, RECOVERY_MESSAGES } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { resolveJwtSecret } from '../src/config';
import { auditLog, sessions, users } from '../src/db/schema';
import {
  field,
  passingLead,
  readMailbox,
  recoveryLinkIn,
  text,
  variants,
  serverFor,
} from './helpers';

const PASSWORD = 'hipoteca-segura-2024';

describe.each(variants)('accounts and sessions on $name', (variant) => {
  const server = serverFor(variant);

  async function createLead(overrides: Record<string, unknown> = {}) {
    const body = passingLead(overrides);
    const response = await server().request('/api/leads', { json: body });
    expect(response.status).toBe(201);
    return {
      email: body.email,
      id: text(response.body, 'data', 'id'),
      accessToken: text(response.body, 'session', 'access_token'),
      refreshToken: text(response.body, 'session', 'refresh_token'),
    };
  }

  async function latestLinkFor(email: string): Promise<string> {
    const mail = (await readMailbox(server())).find(
      (message) =>
        message.para === email && message.enlaces.some((url) => url.includes('#access_token=')),
    );
    if (mail === undefined) throw new Error(`no link mailed to ${email}`);
    return recoveryLinkIn(mail);
  }

  /** A person who completed the simulator and created a password from the e-mailed link. */
  async function createAccount() {
    const lead = await createLead();
    const link = await latestLinkFor(lead.email);
    const update = await server().request('/api/auth/update-password', {
      json: { password: PASSWORD, recovery_url: link },
    });
    expect(update.status).toBe(200);
    return lead;
  }

  async function login(email: string, password = PASSWORD) {
    return server().request('/api/auth/login', { json: { email, password } });
  }

  it('goes from lead to account: link, new password, login, verify, refresh, logout', async () => {
    const lead = await createLead();
    const link = await latestLinkFor(lead.email);

    const update = await server().request('/api/auth/update-password', {
      json: { password: PASSWORD, recovery_url: link },
    });
    expect(update).toMatchObject({
      status: 200,
      body: { message: 'Contraseña actualizada exitosamente' },
    });

    const signedIn = await login(lead.email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      success: true,
      message: 'Inicio de sesión correcto',
      user: { email: lead.email, nombre: 'Lucía', apellidos: 'García Pérez', leadId: lead.id },
    });
    const accessToken = text(signedIn.body, 'session', 'access_token');
    const refreshToken = text(signedIn.body, 'session', 'refresh_token');

    const verify = await server().request('/api/auth/verify', { token: accessToken });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ email: lead.email, leadId: lead.id });

    const refreshed = await server().request('/api/auth/refresh', {
      json: { refresh_token: refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const next = {
      access_token: text(refreshed.body, 'session', 'access_token'),
      refresh_token: text(refreshed.body, 'session', 'refresh_token'),
    };
    expect(next.refresh_token).not.toBe(refreshToken);
    expect((await server().request('/api/auth/verify', { token: next.access_token })).status).toBe(
      200,
    );

    const logout = await server().request('/api/auth/logout', {
      json: { refresh_token: next.refresh_token },
      token: next.access_token,
    });
    expect(logout).toMatchObject({
      status: 200,
      body: { message: 'Sesión cerrada correctamente' },
    });
    const afterLogout = await server().request('/api/auth/verify', { token: next.access_token });
    expect(afterLogout.status).toBe(401);
    expect(field(afterLogout.body, 'message')).toBe(
      'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.',
    );
    const refreshAfterLogout = await server().request('/api/auth/refresh', {
      json: { refresh_token: next.refresh_token },
    });
    expect(refreshAfterLogout.status).toBe(401);
  });

  it('stores the password as an argon2id hash', async () => {
    const lead = await createAccount();
    const [user] = await server().ctx.db.select().from(users).where(eq(users.email, lead.email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(PASSWORD);
  });

  describe('login', () => {
    it('answers a wrong password, an unknown e-mail and a person without password alike', async () => {
      const account = await createAccount();
      const leadOnly = await createLead();
      const answers = await Promise.all([
        login(account.email, 'otra-contraseña-123'),
        login('nadie.registrado@correo.es'),
        login(leadOnly.email),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ success: false, message: 'Credenciales incorrectas' });
      }
    });

    it('refuses a request without password with the field named in Spanish', async () => {
      const response = await server().request('/api/auth/login', {
        json: { email: 'ana@correo.es' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        message: 'Introduce tu contraseña',
        errors: { password: 'Introduce tu contraseña' },
      });
    });

    it('refuses an invalid e-mail', async () => {
      const response = await server().request('/api/auth/login', {
        json: { email: 'ana', password: PASSWORD },
      });
      expect(response.status).toBe(400);
      expect(field(response.body, 'message')).toBe('Introduce un correo electrónico válido');
    });
  });

  describe('refresh rotation', () => {
    it('lets each refresh token work once and closes the session when one is reused', async () => {
      const lead = await createAccount();
      const signedIn = await login(lead.email);
      const first = text(signedIn.body, 'session', 'refresh_token');

      const rotated = await server().request('/api/auth/refresh', {
        json: { refresh_token: first },
      });
      expect(rotated.status).toBe(200);
      const second = {
        access_token: text(rotated.body, 'session', 'access_token'),
        refresh_token: text(rotated.body, 'session', 'refresh_token'),
      };

      // Someone replays the first token: it is refused and the whole session is revoked.
      const replay = await server().request('/api/auth/refresh', {
        json: { refresh_token: first },
      });
      expect(replay.status).toBe(401);
      expect(field(replay.body, 'message')).toBe(
        'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.',
      );

      expect(
        (await server().request('/api/auth/verify', { token: second.access_token })).status,
      ).toBe(401);
      const afterReuse = await server().request('/api/auth/refresh', {
        json: { refresh_token: second.refresh_token },
      });
      expect(afterReuse.status).toBe(401);

      const [user] = await server().ctx.db.select().from(users).where(eq(users.email, lead.email));
      const revoked = await server()
        .ctx.db.select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? ''));
      expect(revoked.some((session) => session.revokedReason === 'reuse')).toBe(true);
    });

    it('refuses an unknown refresh token and a missing one', async () => {
      const unknown = await server().request('/api/auth/refresh', {
        json: { refresh_token: 'no-existe-este-token' },
      });
      expect(unknown.status).toBe(401);
      const missing = await server().request('/api/auth/refresh', { json: {} });
      expect(missing.status).toBe(400);
      expect(field(missing.body, 'message')).toBe('Falta el token de sesión');
    });

    it('renews a lead session into another lead session for the same lead', async () => {
      const lead = await createLead();
      const rotated = await server().request('/api/auth/refresh', {
        json: { refresh_token: lead.refreshToken },
      });
      expect(rotated.status).toBe(200);
      const verify = await server().request('/api/auth/verify', {
        token: text(rotated.body, 'session', 'access_token'),
      });
      expect(verify.body).toMatchObject({ leadId: lead.id, email: lead.email });
    });
  });

  describe('verify', () => {
    it('asks for the Authorization header when it is missing', async () => {
      const response = await server().request('/api/auth/verify');
      expect(response.status).toBe(401);
      expect(field(response.body, 'message')).toBe(
        'Falta la cabecera Authorization con el token de acceso.',
      );
    });

    it('refuses a malformed token and one signed with another secret', async () => {
      const forged = await new SignJWT({ sid: crypto.randomUUID(), scope: 'account' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(crypto.randomUUID())
        .setIssuer('cbp-api')
        .setAudience('cbp')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('otro-secreto-que-no-es-el-del-servidor-1234'));
      for (const token of ['no-es-un-jwt', forged]) {
        const response = await server().request('/api/auth/verify', { token });
        expect(response.status).toBe(401);
      }
    });

    it('takes only a complete access token, even when it is signed with the real key', async () => {
      const lead = await createLead();
      const claims = decodeJwt(lead.accessToken);
      const key = new TextEncoder().encode(await resolveJwtSecret(server().ctx.config));
      interface Variant {
        typ?: string;
        exp?: boolean;
        iat?: boolean;
        iss?: string;
        aud?: string;
        scope?: string;
      }
      const sign = (variant: Variant) => {
        const payload: Record<string, unknown> = {
          sid: claims.sid,
          scope: variant.scope ?? claims.scope,
          lead: claims.lead,
        };
        let token = new SignJWT(payload)
          .setProtectedHeader({ alg: 'HS256', typ: variant.typ ?? 'at+jwt' })
          .setSubject(String(claims.sub));
        if (variant.iss !== '') token = token.setIssuer(variant.iss ?? 'cbp-api');
        if (variant.aud !== '') token = token.setAudience(variant.aud ?? 'cbp');
        if (variant.iat !== false) token = token.setIssuedAt();
        if (variant.exp !== false) token = token.setExpirationTime('10m');
        return token.sign(key);
      };

      const complete = await server().request('/api/auth/verify', { token: await sign({}) });
      expect(complete.status).toBe(200);

      const incomplete: [string, Variant][] = [
        ['without expiry', { exp: false }],
        ['without issue time', { iat: false }],
        ['without issuer', { iss: '' }],
        ['from another issuer', { iss: 'otra-api' }],
        ['without audience', { aud: '' }],
        ['for another audience', { aud: 'gestion' }],
        ['of a plain JWT type', { typ: 'JWT' }],
        ['of another type', { typ: 'refresh+jwt' }],
        ['with an unknown scope', { scope: 'staff' }],
      ];
      for (const [name, variant] of incomplete) {
        const response = await server().request('/api/auth/verify', {
          token: await sign(variant),
        });
        expect({ name, status: response.status }).toEqual({ name, status: 401 });
      }
    });
  });

  describe('a lead typed with the e-mail of an existing account', () => {
    it('reaches only its own lead, never the account or its earlier lead', async () => {
      const owner = await createAccount();
      const intruder = await createLead({
        email: owner.email,
        nombre: 'Intruso',
        apellidos: 'Ajeno',
      });

      const verify = await server().request('/api/auth/verify', { token: intruder.accessToken });
      expect(verify.status).toBe(200);
      expect(verify.body).toMatchObject({
        nombre: 'Intruso',
        apellidos: 'Ajeno',
        leadId: intruder.id,
      });
      expect(JSON.stringify(verify.body)).not.toContain(owner.id);

      const ownersLead = await server().request(`/api/leads/${owner.id}`, {
        token: intruder.accessToken,
      });
      expect(ownersLead.status).toBe(404);
      expect(field(ownersLead.body, 'message')).toBe('No se ha encontrado el lead.');
      const ownLead = await server().request(`/api/leads/${intruder.id}`, {
        token: intruder.accessToken,
      });
      expect(ownLead.status).toBe(200);
      expect(ownLead.body).toMatchObject({ data: { id: intruder.id, nombre: 'Intruso' } });

      // The owner's account is untouched: same password, same name.
      const signedIn = await login(owner.email);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ user: { nombre: 'Lucía' } });
    });

    it('mails the owner a sign-in link, not a way to set a password', async () => {
      const owner = await createAccount();
      await createLead({ email: owner.email, nombre: 'Intruso' });
      const mails = (await readMailbox(server())).filter((mail) => mail.para === owner.email);
      const latest = mails[0];
      expect(latest?.asunto).toBe('Hemos recibido tu simulación');
      expect(latest?.enlaces).toEqual([`${server().url}/login`]);
    });
  });

  describe('GET /api/leads/:leadId', () => {
    it('lets a lead session read its own lead and nobody else', async () => {
      const mine = await createLead();
      const other = await createLead();
      const own = await server().request(`/api/leads/${mine.id}`, { token: mine.accessToken });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({
        data: {
          id: mine.id,
          email: mine.email,
          fase_comercial: 'Nuevo',
          tipocbp: 'carencia2o5',
          cumpleRequisitos: true,
        },
      });
      expect(
        (await server().request(`/api/leads/${other.id}`, { token: mine.accessToken })).status,
      ).toBe(404);
      expect((await server().request(`/api/leads/${mine.id}`)).status).toBe(401);
    });

    it('lets an account session read its leads, and makes one sent signed in its current one', async () => {
      const owner = await createAccount();
      const signedIn = await login(owner.email);
      const token = text(signedIn.body, 'session', 'access_token');
      const resent = await server().request('/api/leads', {
        json: passingLead({ email: owner.email }),
        token,
      });
      expect(resent.status).toBe(201);
      const resentId = text(resent.body, 'data', 'id');
      for (const id of [owner.id, resentId]) {
        expect((await server().request(`/api/leads/${id}`, { token })).status).toBe(200);
      }
      const verify = await server().request('/api/auth/verify', { token });
      expect(field(verify.body, 'leadId')).toBe(resentId);
    });
  });

  describe('a lead id that cannot be one, with an account session', () => {
    it('answers "not found" or names the field, never a server error', async () => {
      const owner = await createAccount();
      const token = text((await login(owner.email)).body, 'session', 'access_token');
      for (const path of ['/api/leads/abc', '/api/bankflip-session/abc', '/api/leads/%00']) {
        const answer = await server().request(path, { token });
        expect(answer.status, path).toBe(404);
        expect(field(answer.body, 'message')).toBe('No se ha encontrado el lead.');
      }
      const start = await server().request('/api/bankflip-session', {
        token,
        json: { leadId: 'abc', documentos: [{ model: 'HACIENDA_RENTA' }] },
      });
      expect(start.status).toBe(400);
      expect(JSON.stringify(start.body)).toContain('El identificador del lead no es válido');
      // The account's own lead is still found through the same routes.
      const own = await server().request(`/api/bankflip-session/${owner.id}`, { token });
      expect(own.status).toBe(200);
    });
  });

  describe('a lead sent for an account e-mail without signing in', () => {
    it('changes neither the lead the owner works on nor what the owner sees', async () => {
      const owner = await createAccount();
      const stranger = await createLead({
        email: owner.email,
        nombre: 'Intruso',
        telefono: '699 999 999',
      });

      const signedIn = await login(owner.email);
      expect(signedIn.body).toMatchObject({ user: { leadId: owner.id, nombre: 'Lucía' } });
      const token = text(signedIn.body, 'session', 'access_token');
      const verify = await server().request('/api/auth/verify', { token });
      expect(verify.body).toMatchObject({ leadId: owner.id, nombre: 'Lucía' });
      expect((await server().request(`/api/leads/${stranger.id}`, { token })).status).toBe(404);

      // The stranger's own session reaches only the stranger's lead.
      const own = await server().request(`/api/leads/${stranger.id}`, {
        token: stranger.accessToken,
      });
      expect(own.body).toMatchObject({ data: { nombre: 'Intruso' } });
      const other = await server().request(`/api/leads/${owner.id}`, {
        token: stranger.accessToken,
      });
      expect(other.status).toBe(404);
    });

    it('still reaches the firm, flagged as a new contact to verify', async () => {
      const owner = await createAccount();
      const stranger = await createLead({ email: owner.email, nombre: 'Intruso' });
      const notice = (await readMailbox(server())).find(
        (mail) => mail.para === server().ctx.config.firmEmail && mail.texto.includes(stranger.id),
      );
      expect(notice?.asunto).toBe(
        'Nuevo lead: Intruso García Pérez (Cumple requisitos) · contacto nuevo sin verificar',
      );
      expect(notice?.texto).toContain(
        'Cuenta previa: Sí: este correo ya tenía cuenta y el lead llegó sin iniciar sesión.',
      );
    });
  });

  describe('a stranger posts a lead with the e-mail of someone who has no password yet', () => {
    /** The victim's own lead, then the stranger's; the newest mail is the stranger's link. */
    async function victimAndStranger() {
      const victim = await createLead();
      const stranger = await createLead({
        email: victim.email,
        nombre: 'Intruso',
        apellidos: 'Ajeno',
      });
      const strangersLink = await latestLinkFor(victim.email);
      return { victim, stranger, strangersLink };
    }

    async function signedInToken(email: string) {
      const signedIn = await login(email);
      expect(signedIn.status).toBe(200);
      return text(signedIn.body, 'session', 'access_token');
    }

    it('shuts the stranger out when the victim sets the password with the mail of that lead', async () => {
      const { victim, stranger, strangersLink } = await victimAndStranger();
      const update = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: strangersLink },
      });
      expect(update.status).toBe(200);

      for (const path of ['/api/expediente/revision', '/api/auth/verify']) {
        const answer = await server().request(path, { token: stranger.accessToken });
        expect(answer.status).toBe(401);
      }
      const refreshed = await server().request('/api/auth/refresh', {
        json: { refresh_token: stranger.refreshToken },
      });
      expect(refreshed.status).toBe(401);

      // Neither lead is proven the victim's, so the account takes none of them as its case.
      const token = await signedInToken(victim.email);
      const verify = await server().request('/api/auth/verify', { token });
      expect(verify.body).toMatchObject({ email: victim.email, leadId: null });
      expect((await server().request(`/api/leads/${stranger.id}`, { token })).status).toBe(404);
      expect((await server().request('/api/expediente/revision', { token })).status).toBe(404);

      // The simulator run again while signed in gives the account its case, out of reach of
      // the stranger.
      const own = await server().request('/api/leads', {
        json: passingLead({ email: victim.email }),
        token,
      });
      expect(own.status).toBe(201);
      const caseId = text(own.body, 'data', 'id');
      const saved = await server().request('/api/expediente/revision', {
        method: 'PUT',
        json: {
          valores: { numeroTitulares: '1', miembrosUnidadFamiliar: '2' },
          paso: 2,
          pestana: 'hipoteca',
          revision: Date.now(),
        },
        token,
      });
      expect(saved.status).toBe(200);
      const afterwards = await server().request('/api/auth/verify', { token });
      expect(field(afterwards.body, 'leadId')).toBe(caseId);
      const strangerNow = await server().request('/api/expediente/revision', {
        token: stranger.accessToken,
      });
      expect(strangerNow.status).toBe(401);
    });

    it('keeps as the case the lead whose own session comes with the link, and sets the other aside', async () => {
      const { victim, stranger, strangersLink } = await victimAndStranger();
      const update = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: strangersLink },
        token: victim.accessToken,
      });
      expect(update.status).toBe(200);

      const token = await signedInToken(victim.email);
      const verify = await server().request('/api/auth/verify', { token });
      expect(verify.body).toMatchObject({ leadId: victim.id, nombre: 'Lucía' });
      expect((await server().request(`/api/leads/${victim.id}`, { token })).status).toBe(200);
      expect((await server().request(`/api/leads/${stranger.id}`, { token })).status).toBe(404);
      // Both lead sessions end: from now on the account is reached with its password.
      for (const lead of [victim, stranger]) {
        const answer = await server().request('/api/auth/verify', { token: lead.accessToken });
        expect(answer.status).toBe(401);
      }
      const leadSessions = await server()
        .ctx.db.select({ revokedReason: sessions.revokedReason })
        .from(sessions)
        .where(and(eq(sessions.userId, text(verify.body, 'id')), eq(sessions.scope, 'lead')));
      expect(leadSessions.map((row) => row.revokedReason)).toEqual([
        'password_created',
        'password_created',
      ]);
    });

    it('does not take the lead of a lead session that belongs to someone else', async () => {
      const { victim, strangersLink } = await victimAndStranger();
      const unrelated = await createLead();
      const update = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: strangersLink },
        token: unrelated.accessToken,
      });
      expect(update.status).toBe(200);
      const token = await signedInToken(victim.email);
      const verify = await server().request('/api/auth/verify', { token });
      expect(field(verify.body, 'leadId')).toBeNull();
      // Someone else's session is not touched by this person's password.
      expect(
        (await server().request('/api/auth/verify', { token: unrelated.accessToken })).status,
      ).toBe(200);
    });

    it('keeps the only lead of the e-mail as the case, and still ends its lead session', async () => {
      const only = await createLead();
      const update = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: await latestLinkFor(only.email) },
      });
      expect(update.status).toBe(200);
      expect((await server().request('/api/auth/verify', { token: only.accessToken })).status).toBe(
        401,
      );
      const token = await signedInToken(only.email);
      const verify = await server().request('/api/auth/verify', { token });
      expect(field(verify.body, 'leadId')).toBe(only.id);
    });

    it('tells the firm in the audit log which leads were set aside', async () => {
      const { stranger, strangersLink } = await victimAndStranger();
      await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: strangersLink },
      });
      const rows = await server()
        .ctx.db.select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, stranger.id));
      expect(rows.map((row) => row.action)).toContain('lead.set_aside_for_account');
    });
  });

  describe('password reset', () => {
    const sameAnswer = {
      status: 200,
      body: { message: 'Se ha enviado un email con las instrucciones para resetear tu contraseña' },
    };

    it('answers the same whether or not the e-mail exists, and mails only a real person', async () => {
      const account = await createAccount();
      const before = (await readMailbox(server())).length;
      const known = await server().request('/api/auth/reset-password-request', {
        json: { email: account.email },
      });
      const unknown = await server().request('/api/auth/reset-password-request', {
        json: { email: 'desconocido@correo.es' },
      });
      expect(known).toMatchObject(sameAnswer);
      expect(unknown).toMatchObject(sameAnswer);
      expect(unknown.text).toBe(known.text);
      const mailbox = await readMailbox(server());
      expect(mailbox).toHaveLength(before + 1);
      expect(mailbox[0]).toMatchObject({ para: account.email, asunto: 'Restablece tu contraseña' });
    });

    it('answers before doing any work for the account, so timing does not reveal it', async () => {
      const account = await createAccount();
      const db = server().ctx.db;
      const transaction = db.transaction.bind(db);
      // Whatever the lookup and the mail cost, the answer must not wait for them.
      const slow = vi.spyOn(db, 'transaction').mockImplementation(async (work, config) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return transaction(work, config);
      });
      try {
        const started = performance.now();
        const known = await server().request('/api/auth/reset-password-request', {
          json: { email: account.email },
        });
        const elapsed = performance.now() - started;
        expect(known).toMatchObject(sameAnswer);
        expect(elapsed).toBeLessThan(1000);
      } finally {
        await server().ctx.background.idle();
        slow.mockRestore();
      }
      await expect(latestLinkFor(account.email)).resolves.toContain('type=recovery');
    });

    it('replaces the password, closes old sessions and tells the owner', async () => {
      const account = await createAccount();
      const oldSession = await login(account.email);
      const oldToken = text(oldSession.body, 'session', 'access_token');
      await server().request('/api/auth/reset-password-request', {
        json: { email: account.email },
      });
      const link = await latestLinkFor(account.email);

      const update = await server().request('/api/auth/update-password', {
        json: { password: 'otra-clave-bien-larga', recovery_url: link },
      });
      expect(update.status).toBe(200);
      expect((await server().request('/api/auth/verify', { token: oldToken })).status).toBe(401);
      expect((await login(account.email)).status).toBe(401);
      expect((await login(account.email, 'otra-clave-bien-larga')).status).toBe(200);

      const notice = (await readMailbox(server())).find((mail) => mail.para === account.email);
      expect(notice?.asunto).toBe('Tu contraseña se ha cambiado');
      expect(notice?.enlaces).toEqual([`${server().url}/reset-password-request`]);
    });

    it('tells the page whether a link creates the first password or replaces one, without spending it', async () => {
      const lead = await createLead();
      const welcome = await latestLinkFor(lead.email);
      const purposeOf = (link: string) =>
        server().request('/api/auth/password-link', { json: { recovery_url: link } });
      expect(await purposeOf(welcome)).toMatchObject({
        status: 200,
        body: { proposito: 'crear' },
      });
      const update = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: welcome },
      });
      expect(update.status).toBe(200);
      const spent = await purposeOf(welcome);
      expect(spent.status).toBe(400);
      expect(field(spent.body, 'message')).toBe(RECOVERY_MESSAGES.invalidLink);

      await server().request('/api/auth/reset-password-request', { json: { email: lead.email } });
      await server().ctx.background.idle();
      const reset = await latestLinkFor(lead.email);
      expect(reset).not.toBe(welcome);
      expect(await purposeOf(reset)).toMatchObject({
        status: 200,
        body: { proposito: 'restablecer' },
      });
      const unknown = await purposeOf(
        reset.replace(/access_token=[^&]+/, 'access_token=inventado'),
      );
      expect(unknown.status).toBe(400);
    });

    it('refuses a link used twice', async () => {
      const lead = await createLead();
      const link = await latestLinkFor(lead.email);
      const first = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: link },
      });
      expect(first.status).toBe(200);
      const second = await server().request('/api/auth/update-password', {
        json: { password: 'una-segunda-clave', recovery_url: link },
      });
      expect(second.status).toBe(400);
      expect(field(second.body, 'message')).toBe(
        'El enlace para cambiar la contraseña no es válido o ha caducado. Solicita uno nuevo.',
      );
    });

    it("answers 'Tipo de token inválido' when the fragment does not say type=recovery", async () => {
      const lead = await createLead();
      const link = (await latestLinkFor(lead.email)).replace('type=recovery', 'type=signup');
      const response = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: link },
      });
      expect(response.status).toBe(400);
      expect(field(response.body, 'message')).toBe('Tipo de token inválido');
    });

    it('refuses a link without token', async () => {
      const response = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: `${server().url}/reset-password#type=recovery` },
      });
      expect(response.status).toBe(400);
      expect(field(response.body, 'message')).toBe(RECOVERY_MESSAGES.invalidLink);
    });

    it.each([
      ['corta', PASSWORD_MESSAGES.tooShort],
      ['1234567890', PASSWORD_MESSAGES.common],
      ['contraseña123', PASSWORD_MESSAGES.common],
    ])('refuses the weak password %j', async (password, message) => {
      const lead = await createLead();
      const link = await latestLinkFor(lead.email);
      const response = await server().request('/api/auth/update-password', {
        json: { password, recovery_url: link },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message, errors: { password: message } });
      // The link was not spent on the refused attempt.
      const retry = await server().request('/api/auth/update-password', {
        json: { password: PASSWORD, recovery_url: link },
      });
      expect(retry.status).toBe(200);
    });
  });

  it('logout without any token still answers 200 and revokes nothing', async () => {
    const lead = await createLead();
    const response = await server().request('/api/auth/logout', { method: 'POST' });
    expect(response).toMatchObject({
      status: 200,
      body: { message: 'Sesión cerrada correctamente' },
    });
    expect((await server().request('/api/auth/verify', { token: lead.accessToken })).status).toBe(
      200,
    );
  });
});

describe.each(variants)('token expiry on $name', (variant) => {
  const server = serverFor(variant, { accessTokenTtlSeconds: 2 });

  it('refuses an access token once its lifetime has passed, and refresh gives a fresh one', async () => {
    const created = await server().request('/api/leads', { json: passingLead() });
    const accessToken = text(created.body, 'session', 'access_token');
    const refreshToken = text(created.body, 'session', 'refresh_token');
    expect(field(created.body, 'session', 'expires_in')).toBe(2);
    expect((await server().request('/api/auth/verify', { token: accessToken })).status).toBe(200);

    // exp is the issue second (rounded down) + 2, so it has certainly passed 3,1 s after issue,
    // and had not passed in the first second.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const expired = await server().request('/api/auth/verify', { token: accessToken });
    expect(expired.status).toBe(401);
    expect(field(expired.body, 'message')).toBe(
      'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.',
    );

    const refreshed = await server().request('/api/auth/refresh', {
      json: { refresh_token: refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const fresh = text(refreshed.body, 'session', 'access_token');
    expect((await server().request('/api/auth/verify', { token: fresh })).status).toBe(200);
  });
});
