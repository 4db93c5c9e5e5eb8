import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRIEVAL_DOCUMENT_MODELS } from '../schemas';
import {
  ConfigurationError,
  createApiClient,
  CrossOriginError,
  EmptyResponseError,
  HttpError,
  InvalidCredentialsError,
  InvalidResponseError,
  isApiError,
  MissingDataError,
  MissingLeadIdError,
  MissingSessionError,
  NetworkError,
  OfflineError,
  RateLimitError,
  RequestValidationError,
  TimeoutError,
} from '.';
import {
  failure,
  type FakeReply,
  fakeFetch,
  hangingReply,
  jsonResponse,
  pdfAttachment,
} from './testing';

const BASE = 'https://api.cbp.example.es';
const LEAD_ID = '3f2a9c1e-7b4d-4e2a-9f00-0c1d2e3f4a5b';

const lead = {
  nombre: 'Lucía',
  apellidos: 'Martínez Peña',
  telefono: '+34 612 34 56 78',
  email: 'Lucia@Correo.es',
  politicaPrivacidad: true as const,
  fase_comercial: 'Nuevo' as const,
  estado: 'Nuevo' as const,
  tipocbp: 'carencia1' as const,
  respuestas: {
    precioHasta300k: true,
    viviendaHabitual: true,
    firmadaAntes2023: true,
    cuotaMensual: 700,
    ingresosMensuales: 1_800,
  },
};

const session = { access_token: 'acceso-1', refresh_token: 'renovacion-1', expires_in: 900 };
const leadAnswer = { data: { id: 'lead-1' }, session, message: 'Lead creado' };
const user = { id: 'user-1', email: 'lucia@correo.es' };

function clientWith(reply: FakeReply, options = {}) {
  const fake = fakeFetch(reply);
  const client = createApiClient({
    baseUrl: BASE,
    fetch: fake.fetch,
    isOnline: () => true,
    ...options,
  });
  return { client, requests: fake.requests };
}

function narrow<T>(error: unknown, type: new (...args: never[]) => T): T {
  if (!(error instanceof type)) throw new Error(`Se esperaba ${type.name}`);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('configuration', () => {
  it.each([undefined, null, '', '   ', 'servidor-sin-protocolo', 'ftp://api.cbp.example.es'])(
    'a missing or unusable base URL (%j) is a configuration error and sends nothing',
    async (baseUrl) => {
      const fake = fakeFetch(() => jsonResponse(200, {}));
      const client = createApiClient({ baseUrl, fetch: fake.fetch, isOnline: () => true });
      const error = await failure(client.healthCheck());
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.code).toBe('configuration');
      expect(error.message).toBe('Error de configuración: Contacta al administrador del sistema');
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('keeps a path prefix of the base URL and drops its trailing slash', async () => {
    const fake = fakeFetch(() => jsonResponse(200, { status: 'ok' }));
    const client = createApiClient({
      baseUrl: `${BASE}/backend/`,
      fetch: fake.fetch,
      isOnline: () => true,
    });
    await client.healthCheck();
    expect(fake.requests[0]?.url).toBe(`${BASE}/backend/health-check`);
  });
});

describe('transport failures', () => {
  it('offline: says so without trying to connect', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, leadAnswer), {
      isOnline: () => false,
    });
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(OfflineError);
    expect(error.message).toBe(
      'No hay conexión a internet. Por favor, verifica tu conexión y vuelve a intentarlo.',
    );
    expect(requests).toHaveLength(0);
  });

  it('offline: a connection lost during the request is reported as offline too', async () => {
    let online = true;
    const { client } = clientWith(
      () => {
        online = false;
        return new TypeError('Failed to fetch');
      },
      { isOnline: () => online },
    );
    expect(await failure(client.createLead(lead))).toBeInstanceOf(OfflineError);
  });

  it.each([
    ['a browser', new TypeError('Failed to fetch')],
    [
      'Node',
      new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:3000') }),
    ],
    ['Safari', new TypeError('Load failed')],
  ])('failed to fetch (%s): the spec’s message with its checklist', async (_who, thrown) => {
    const { client } = clientWith(() => thrown);
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('network');
    expect(error.message.startsWith('No se pudo conectar con el servidor')).toBe(true);
    expect(error.message).toBe(
      'No se pudo conectar con el servidor. Comprueba que el servidor está en marcha, que la dirección del servidor es correcta y que tienes conexión a internet.',
    );
    expect(narrow(error, NetworkError).checklist).toEqual([
      'El servidor está en marcha',
      'La dirección del servidor es correcta',
      'Tienes conexión a internet',
    ]);
    expect(error.cause).toBe(thrown);
  });

  it.each([
    new TypeError('Origin https://cbp.example.es is not allowed by Access-Control-Allow-Origin.'),
    new TypeError('Cross-Origin Request Blocked: CORS header missing'),
  ])('cross-origin refusal: says the server does not accept this origin', async (thrown) => {
    const { client } = clientWith(() => thrown);
    const error = await failure(client.login({ email: 'lucia@correo.es', password: 'secreta' }));
    expect(error).toBeInstanceOf(CrossOriginError);
    expect(error.message).toBe(
      'El servidor no permite solicitudes desde este origen. Contacta al administrador del sistema.',
    );
  });

  it('timeout: gives up after the 10 seconds of the rule table', async () => {
    vi.useFakeTimers();
    const { client, requests } = clientWith(hangingReply);
    const outcome = failure(client.createLead(lead));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'El servidor no respondió en 10 segundos. Por favor, inténtalo de nuevo.',
    );
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it('timeout: honours a shorter limit, written the Spanish way', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(hangingReply, { timeoutMs: 2_500 });
    const outcome = failure(client.verify('acceso-1'));
    await vi.advanceTimersByTimeAsync(2_500);
    expect((await outcome).message).toBe(
      'El servidor no respondió en 2,5 segundos. Por favor, inténtalo de nuevo.',
    );
  });

  it('timeout: the timer is cleared once the answer arrives', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(() => jsonResponse(200, leadAnswer));
    await client.createLead(lead);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a request the caller cancels rejects with the caller’s reason, not a timeout', async () => {
    const { client } = clientWith(hangingReply);
    const controller = new AbortController();
    const outcome = client.createLead(lead, { signal: controller.signal });
    const reason = new Error('El usuario salió de la página');
    controller.abort(reason);
    await expect(outcome).rejects.toBe(reason);
  });
});

describe('createLead', () => {
  it('posts the normalised lead as JSON with the idempotency key, and returns the answer', async () => {
    const { client, requests } = clientWith(() => jsonResponse(201, leadAnswer));
    const answer = await client.createLead(lead, { idempotencyKey: 'clave-1' });

    expect(answer).toEqual(leadAnswer);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`${BASE}/api/leads`);
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': 'clave-1',
    });
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({ ...lead, telefono: '612345678', email: 'lucia@correo.es' });
  });

  it('sends the account’s session along when the person is signed in', async () => {
    const { client, requests } = clientWith(() => jsonResponse(201, leadAnswer));
    await client.createLead(lead, { idempotencyKey: 'clave-2', accessToken: 'token-de-cuenta' });
    expect(requests[0]?.headers.authorization).toBe('Bearer token-de-cuenta');
  });

  it('checks the lead before sending it', async () => {
    const { client, requests } = clientWith(() => jsonResponse(201, leadAnswer));
    const error = await failure(client.createLead({ ...lead, email: 'lucia', telefono: '123' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toBe('Introduce un teléfono español válido (9 dígitos)');
    expect(narrow(error, RequestValidationError).fields).toEqual({
      telefono: 'Introduce un teléfono español válido (9 dígitos)',
      email: 'Introduce un correo electrónico válido',
    });
    expect(requests).toHaveLength(0);
  });

  it('non-OK: shows the server’s message and carries the status and field messages', async () => {
    const { client } = clientWith(() =>
      jsonResponse(400, {
        message: 'Introduce un correo electrónico válido',
        errors: { email: 'Introduce un correo electrónico válido' },
      }),
    );
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      code: 'http',
      status: 400,
      message: 'Introduce un correo electrónico válido',
    });
    expect(narrow(error, HttpError).fields).toEqual({
      email: 'Introduce un correo electrónico válido',
    });
  });

  it.each([
    ['no body', () => new Response(null, { status: 500 })],
    ['an HTML page', () => new Response('<h1>Bad Gateway</h1>', { status: 502 })],
    ['a blank message', () => jsonResponse(500, { message: '  ' })],
  ])('non-OK with %s: falls back to “Error al enviar los datos”', async (_what, reply) => {
    const { client } = clientWith(reply);
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Error al enviar los datos');
    expect(error.status).toBeGreaterThanOrEqual(500);
  });

  it('429: shows the server’s message and when to retry', async () => {
    const { client } = clientWith(() =>
      jsonResponse(
        429,
        { message: 'Demasiadas solicitudes. Inténtalo de nuevo en un minuto.' },
        { 'Retry-After': '60' },
      ),
    );
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      code: 'rate-limited',
      status: 429,
      message: 'Demasiadas solicitudes. Inténtalo de nuevo en un minuto.',
      retryAfterSeconds: 60,
    });
  });

  it('429 without a message: a Spanish default', async () => {
    const { client } = clientWith(() => new Response('', { status: 429 }));
    const error = await failure(client.createLead(lead));
    expect(error.message).toBe(
      'Has hecho demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    );
    expect(narrow(error, RateLimitError).retryAfterSeconds).toBeNull();
  });

  it.each(['', '   ', 'null'])(
    'empty response (%j): “La respuesta del servidor está vacía”',
    async (body) => {
      const { client } = clientWith(() => new Response(body, { status: 200 }));
      const error = await failure(client.createLead(lead));
      expect(error).toBeInstanceOf(EmptyResponseError);
      expect(error.message).toBe('La respuesta del servidor está vacía');
    },
  );

  it('no data property: the spec’s message, checked before the session', async () => {
    const { client } = clientWith(() => jsonResponse(200, { message: 'ok' }));
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(MissingDataError);
    expect(error.message).toBe('La respuesta no contiene la propiedad data');
  });

  it('no session: the spec’s message, checked before the lead id', async () => {
    const { client } = clientWith(() => jsonResponse(200, { data: {} }));
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(MissingSessionError);
    expect(error.message).toBe('No se recibió la sesión del servidor');
  });

  it('no lead id: the spec’s opening words, completed', async () => {
    const { client } = clientWith(() => jsonResponse(200, { data: { id: '' }, session }));
    const error = await failure(client.createLead(lead));
    expect(error).toBeInstanceOf(MissingLeadIdError);
    expect(error.message.startsWith('No se pudo obtener el ID del lead')).toBe(true);
    expect(error.message).toBe(
      'No se pudo obtener el ID del lead de la respuesta del servidor. Por favor, inténtalo de nuevo.',
    );
  });

  it('an answer that is not JSON or breaks the contract is refused', async () => {
    const notJson = clientWith(() => new Response('ok', { status: 200 }));
    expect(await failure(notJson.client.createLead(lead))).toBeInstanceOf(InvalidResponseError);
    const badSession = clientWith(() =>
      jsonResponse(200, { data: { id: 'lead-1' }, session: { access_token: 42 } }),
    );
    const error = await failure(badSession.client.createLead(lead));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe(
      'La respuesta del servidor no tiene el formato esperado. Por favor, inténtalo de nuevo.',
    );
  });
});

describe('getLead', () => {
  const lead = {
    id: 'lead-1',
    nombre: 'Lucía',
    apellidos: 'Gómez Ruiz',
    telefono: '+34612345678',
    email: 'lucia@correo.es',
    fase_comercial: 'Nuevo',
    estado: 'Nuevo',
    tipocbp: 'carencia2o5',
    porcentajeCuota: 36.11,
    cumpleRequisitos: true,
    respuestas: {
      precioHasta300k: true,
      viviendaHabitual: true,
      firmadaAntes2023: true,
      cuotaMensual: 650,
      ingresosMensuales: 1_800,
    },
    creado: '2026-11-21T10:15:00.000Z',
  };

  it('reads a lead with the bearer token and returns its data', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: lead }));
    expect(await client.getLead('lead-1', 'acceso-1')).toEqual(lead);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/leads/lead-1' });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it("says a lead the session does not own is not found, with the server's message", async () => {
    const { client } = clientWith(() => jsonResponse(404, { message: 'Lead no encontrado' }));
    expect(await failure(client.getLead('lead-2', 'acceso-1'))).toMatchObject({
      code: 'http',
      status: 404,
      message: 'Lead no encontrado',
    });
  });

  it('refuses an answer whose classification is not one core knows', async () => {
    const { client } = clientWith(() =>
      jsonResponse(200, { data: { ...lead, tipocbp: 'carencia9' } }),
    );
    expect(await failure(client.getLead('lead-1', 'acceso-1'))).toMatchObject({
      code: 'invalid-response',
    });
  });

  it('does not call the server without an id', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: lead }));
    await expect(client.getLead('  ', 'acceso-1')).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });
});

describe('auth calls', () => {
  it('verify sends the bearer token and returns the user', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, user));
    expect(await client.verify('acceso-1')).toEqual(user);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/auth/verify', body: undefined });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('verify with an expired token rejects with the status', async () => {
    const { client } = clientWith(() => new Response(null, { status: 401 }));
    expect(await failure(client.verify('caducado'))).toMatchObject({ code: 'http', status: 401 });
  });

  it('login posts the credentials and returns session and user', async () => {
    const answer = { success: true, message: 'Sesión iniciada', session, user };
    const { client, requests } = clientWith(() => jsonResponse(200, answer));
    expect(await client.login({ email: ' Lucia@Correo.es', password: 'mi clave' })).toEqual(answer);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'lucia@correo.es', password: 'mi clave' },
    });
  });

  it('login answered with success false: “Credenciales incorrectas”', async () => {
    const { client } = clientWith(() => jsonResponse(200, { success: false, message: 'No' }));
    const error = await failure(client.login({ email: 'lucia@correo.es', password: 'x' }));
    expect(error).toBeInstanceOf(InvalidCredentialsError);
    expect(error.message).toBe('Credenciales incorrectas');
  });

  it('login non-OK: the server’s message, else “Error al iniciar sesión”', async () => {
    const withMessage = clientWith(() =>
      jsonResponse(401, { success: false, message: 'Correo o contraseña incorrectos' }),
    );
    expect(
      (await failure(withMessage.client.login({ email: 'a@b.es', password: 'x' }))).message,
    ).toBe('Correo o contraseña incorrectos');
    const without = clientWith(() => new Response(null, { status: 500 }));
    expect((await failure(without.client.login({ email: 'a@b.es', password: 'x' }))).message).toBe(
      'Error al iniciar sesión',
    );
  });

  it('login OK without a session: “No se recibió la sesión del servidor”', async () => {
    const { client } = clientWith(() => jsonResponse(200, { success: true, message: 'ok', user }));
    expect(await failure(client.login({ email: 'a@b.es', password: 'x' }))).toBeInstanceOf(
      MissingSessionError,
    );
  });

  it('reset request posts the e-mail; its fallback is the spec’s', async () => {
    const ok = clientWith(() =>
      jsonResponse(200, {
        message: 'Se ha enviado un email con las instrucciones para resetear tu contraseña',
      }),
    );
    expect(await ok.client.requestPasswordReset({ email: 'LUCIA@correo.es' })).toEqual({
      message: 'Se ha enviado un email con las instrucciones para resetear tu contraseña',
    });
    expect(ok.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/reset-password-request',
      body: { email: 'lucia@correo.es' },
    });
    const failing = clientWith(() => new Response('', { status: 500 }));
    expect(
      (await failure(failing.client.requestPasswordReset({ email: 'lucia@correo.es' }))).message,
    ).toBe('Error al solicitar el reseteo de contraseña');
  });

  it('update password posts password and recovery_url; its fallback is the spec’s', async () => {
    const recovery_url = 'https://cbp.example.es/reset-password#access_token=t1&type=recovery';
    const ok = clientWith(() =>
      jsonResponse(200, { message: 'Contraseña actualizada exitosamente' }),
    );
    await ok.client.updatePassword({ password: 'Hipoteca!7x', recovery_url });
    expect(ok.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/update-password',
      body: { password: 'Hipoteca!7x', recovery_url },
    });
    const failing = clientWith(() => jsonResponse(400, {}));
    expect(
      (await failure(failing.client.updatePassword({ password: 'Hipoteca!7x', recovery_url })))
        .message,
    ).toBe('Error al actualizar la contraseña');
  });

  it('update password sends the lead session the browser holds, and no header without one', async () => {
    const recovery_url = 'https://cbp.example.es/reset-password#access_token=t&type=recovery';
    const { client, requests } = clientWith(() =>
      jsonResponse(200, { message: 'Contraseña actualizada exitosamente' }),
    );
    await client.updatePassword(
      { password: 'Hipoteca!7x', recovery_url },
      { accessToken: 'acceso-lead' },
    );
    await client.updatePassword({ password: 'Hipoteca!7x', recovery_url });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-lead');
    expect(requests[1]?.headers.authorization).toBeUndefined();
  });

  it('update password refuses a link whose type is not recovery before sending', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { message: 'ok' }));
    const error = await failure(
      client.updatePassword({
        password: 'Hipoteca!7x',
        recovery_url: 'https://cbp.example.es/reset-password#access_token=t&type=invite',
      }),
    );
    expect(error.message).toBe('Tipo de token inválido');
    expect(requests).toHaveLength(0);
  });

  it('refresh posts the refresh token and returns the new session', async () => {
    const renewed = { access_token: 'acceso-2', refresh_token: 'renovacion-2' };
    const { client, requests } = clientWith(() => jsonResponse(200, { session: renewed }));
    expect(await client.refresh('renovacion-1')).toEqual(renewed);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/refresh',
      body: { refresh_token: 'renovacion-1' },
    });
    const empty = clientWith(() => jsonResponse(200, {}));
    expect(await failure(empty.client.refresh('renovacion-1'))).toBeInstanceOf(MissingSessionError);
  });

  it('logout posts the refresh token with the bearer token and accepts an empty answer', async () => {
    const { client, requests } = clientWith(() => new Response(null, { status: 204 }));
    await expect(
      client.logout({ accessToken: 'acceso-1', refreshToken: 'renovacion-1' }),
    ).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/logout',
      body: { refresh_token: 'renovacion-1' },
    });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });
});

describe('document retrieval calls', () => {
  it('reads the session of a lead with the bearer token, taking the link from either place', async () => {
    const { client, requests } = clientWith(() =>
      jsonResponse(200, {
        session: { estado: 'iniciada' },
        widget_link: 'https://widget.example.com/s/1',
      }),
    );
    expect(await client.getRetrievalSession('lead-1', 'acceso-1')).toEqual({
      estado: 'iniciada',
      widget_link: 'https://widget.example.com/s/1',
      documentos: [],
    });
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/bankflip-session/lead-1' });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('a lead without a session gives null, whether by 404 or by a null session', async () => {
    expect(
      await clientWith(() =>
        jsonResponse(404, { message: 'No hay sesión' }),
      ).client.getRetrievalSession('lead-1', 'a'),
    ).toBeNull();
    expect(
      await clientWith(() => jsonResponse(200, { session: null })).client.getRetrievalSession(
        'lead-1',
        'a',
      ),
    ).toBeNull();
  });

  it('a failing read uses the spec’s toast text', async () => {
    const { client } = clientWith(() => new Response(null, { status: 500 }));
    expect((await failure(client.getRetrievalSession('lead-1', 'a'))).message).toBe(
      'Error al actualizar la sesión',
    );
  });

  it('never puts an unsafe lead id in the path', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { session: null }));
    expect(await failure(client.getRetrievalSession('../auth/verify', 'a'))).toBeInstanceOf(
      RequestValidationError,
    );
    expect(requests).toHaveLength(0);
  });

  it('starts a session asking for the spec’s nine documents', async () => {
    const { client, requests } = clientWith(() =>
      jsonResponse(201, {
        session: { estado: 'iniciada', widget_link: 'https://widget.example.com/s/2' },
      }),
    );
    expect(
      await client.startRetrievalSession({ leadId: LEAD_ID }, { accessToken: 'acceso-1' }),
    ).toEqual({
      estado: 'iniciada',
      widget_link: 'https://widget.example.com/s/2',
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/bankflip-session',
      body: { documentos: RETRIEVAL_DOCUMENT_MODELS, leadId: LEAD_ID },
    });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('a failing start says what failed, without the provider’s name', async () => {
    const { client } = clientWith(() => new Response(null, { status: 502 }));
    expect(
      (await failure(client.startRetrievalSession({ leadId: LEAD_ID }, { accessToken: 'a' })))
        .message,
    ).toBe('No hemos podido abrir el acceso con Cl@ve PIN. Inténtalo de nuevo.');
  });
});

const FILE_ID = '0b9f4c1e-6d2a-4f3b-9c8d-2e1f0a7b6c5d';

const storedFile = {
  id: FILE_ID,
  name: 'dni.pdf',
  size: 120_000,
  mimeType: 'application/pdf',
  subidoEn: '2026-11-25T10:00:00.000Z',
};

function checklistEntry(id: string, nombre: string, withFile = false) {
  return {
    id,
    nombre,
    archivo: withFile ? storedFile : null,
    estado: 'pendiente',
    motivoRechazo: null,
    motivo: 'Por qué se pide y dónde se consigue, en una línea.',
    origen: 'subida',
    necesario: true,
    obtenidoCon: null,
  };
}

const overview = {
  numeroTitulares: 1,
  miembrosUnidadFamiliar: 1,
  checklist: {
    holders: {
      '1': {
        personal: [checklistEntry('1/dni-nie', 'DNI/NIE', true)],
        laboral: [checklistEntry('1/nominas', 'Nóminas')],
      },
    },
    hogar: [
      checklistEntry('hogar/certificado-de-empadronamiento', 'Certificado de empadronamiento'),
    ],
    hipoteca: [checklistEntry('hipoteca/escritura-hipoteca', 'Escritura de la hipoteca')],
  },
  datosPendientes: false,
  obtenidos: [],
  entregadoEn: null,
  enviadoEn: null,
};

describe('document calls', () => {
  it('reads the case’s documents with the bearer token', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: overview }));
    const read = await client.getDocuments('acceso-1');
    expect(read.checklist.holders['1']?.personal[0]?.archivo?.name).toBe('dni.pdf');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/documents' });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('does not accept an overview that breaks the contract', async () => {
    const broken = { ...overview, checklist: { ...overview.checklist, hipoteca: 'ninguna' } };
    const { client } = clientWith(() => jsonResponse(200, { data: broken }));
    expect(await failure(client.getDocuments('a'))).toBeInstanceOf(InvalidResponseError);
  });

  it('a failing read says so in Spanish', async () => {
    const { client } = clientWith(() => new Response(null, { status: 500 }));
    expect((await failure(client.getDocuments('a'))).message).toBe(
      'No hemos podido cargar tus documentos',
    );
  });

  it('delivers the documents and reads what is still missing', async () => {
    const answer = {
      message: 'Documentación enviada correctamente',
      data: { entregadoEn: '2026-11-25T10:00:00.000Z', faltan: ['Nóminas (Titular 1)'] },
    };
    const { client, requests } = clientWith(() => jsonResponse(200, answer));
    expect(await client.deliverDocuments('acceso-1')).toEqual(answer);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/documents/entrega',
      body: undefined,
    });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('a refused delivery gives the server’s reason and status', async () => {
    const { client } = clientWith(() =>
      jsonResponse(409, { message: 'Sube al menos un documento antes de finalizar.' }),
    );
    const error = await failure(client.deliverDocuments('a'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Sube al menos un documento antes de finalizar.');
  });

  it('downloads a file as bytes, named as the server says, accents included', async () => {
    const { client, requests } = clientWith(() =>
      pdfAttachment(
        `attachment; filename="nomina.pdf"; filename*=UTF-8''n%C3%B3mina%20octubre.pdf`,
      ),
    );
    const file = await client.downloadDocument(FILE_ID, 'acceso-1');
    expect(file.fileName).toBe('nómina octubre.pdf');
    expect(file.blob.size).toBe(4);
    expect(await file.blob.text()).toBe('%PDF');
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: `/api/documents/files/${FILE_ID}/content`,
    });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
    expect(requests[0]?.headers.accept).toBe('*/*');
  });

  it('names a download without a Content-Disposition "documento"', async () => {
    const { client } = clientWith(() => new Response('datos', { status: 200 }));
    expect((await client.downloadDocument(FILE_ID, 'a')).fileName).toBe('documento');
  });

  it('an empty download is an error, and a refused one gives the server’s message', async () => {
    expect(
      await failure(
        clientWith(() => new Response(null, { status: 200 })).client.downloadDocument(FILE_ID, 'a'),
      ),
    ).toBeInstanceOf(EmptyResponseError);
    const refused = await failure(
      clientWith(() =>
        jsonResponse(404, { message: 'No encontramos ese documento.' }),
      ).client.downloadDocument(FILE_ID, 'a'),
    );
    expect(refused.status).toBe(404);
    expect(refused.message).toBe('No encontramos ese documento.');
  });

  it('never puts anything but a file id in the download path', async () => {
    const { client, requests } = clientWith(() => new Response('x', { status: 200 }));
    expect(await failure(client.downloadDocument('../../auth/verify', 'a'))).toBeInstanceOf(
      RequestValidationError,
    );
    expect(requests).toHaveLength(0);
  });

  it('gives a download minutes, not the 10 s of other calls', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(hangingReply);
    const download = failure(client.downloadDocument(FILE_ID, 'a'));
    await vi.advanceTimersByTimeAsync(60_000);
    const read = failure(client.getDocuments('a'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await read).toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(await download).toBeInstanceOf(TimeoutError);
  });
});

describe('calculator and case calls', () => {
  const entrada = { banco: 'banco-santander', capitalPendiente: '120.000', plazoRestante: 20 };

  it('saves the draft with PUT and the bearer token, and reads it back with the simulator figures', async () => {
    const saved = { entrada, paso: 3, actualizado: '2026-11-25T10:00:00.000Z' };
    const { client, requests } = clientWith((request) =>
      request.method === 'PUT'
        ? jsonResponse(200, { data: saved })
        : jsonResponse(200, {
            data: {
              borrador: saved,
              simulador: {
                cuotaMensual: 700,
                ingresosMensuales: 1800,
                fecha: '2026-11-24T09:00:00.000Z',
              },
            },
          }),
    );
    expect(
      await client.saveCalculatorDraft({ entrada, paso: 3 }, { accessToken: 'acceso-1' }),
    ).toEqual(saved);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/calculations/draft',
      body: { entrada, paso: 3 },
    });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
    const start = await client.getCalculatorDraft('acceso-1');
    expect(start.borrador?.paso).toBe(3);
    expect(start.simulador?.ingresosMensuales).toBe(1800);
  });

  it('refuses to send a draft on a step that does not exist', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, {}));
    const error = await failure(
      client.saveCalculatorDraft({ entrada, paso: 6 as 5 }, { accessToken: 'a' }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
  });

  it('gives the server’s Spanish message when a calculation is refused', async () => {
    const { client } = clientWith(() =>
      jsonResponse(400, { message: 'Por favor, complete los siguientes campos: Banco' }),
    );
    expect((await failure(client.calculate({}, { accessToken: 'a' }))).message).toBe(
      'Por favor, complete los siguientes campos: Banco',
    );
  });

  it('reads no calculation as null, and the case steps in order', async () => {
    const { client, requests } = clientWith((request) =>
      request.path === '/api/calculations/latest'
        ? jsonResponse(200, { data: null })
        : jsonResponse(200, {
            data: {
              pasos: [
                { id: 'calcular-cuota', estado: 'en-curso' },
                { id: 'obtener-documentos', estado: 'pendiente' },
              ],
            },
          }),
    );
    expect(await client.latestCalculation('acceso-1')).toBeNull();
    expect(await client.caseProgress('acceso-1')).toEqual([
      { id: 'calcular-cuota', estado: 'en-curso' },
      { id: 'obtener-documentos', estado: 'pendiente' },
    ]);
    expect(requests.map((request) => request.path)).toEqual([
      '/api/calculations/latest',
      '/api/case/progress',
    ]);
  });

  it('does not accept a step state it does not know', async () => {
    const { client } = clientWith(() =>
      jsonResponse(200, { data: { pasos: [{ id: 'calcular-cuota', estado: 'casi' }] } }),
    );
    expect(await failure(client.caseProgress('a'))).toBeInstanceOf(InvalidResponseError);
  });
});

describe('createCheckoutSession', () => {
  it('posts the payment request with the e-mail in the query', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { sessionId: 'cs_test_1' }));
    const answer = await client.createCheckoutSession(
      { leadId: 'lead-1', userId: null, paymentType: 'single' },
      { accessToken: 'acceso-1', prefilledEmail: 'lucia+cbp@correo.es' },
    );
    expect(answer).toEqual({ sessionId: 'cs_test_1' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/stripe-session',
      query: { prefilled_email: 'lucia+cbp@correo.es' },
      body: { leadId: 'lead-1', userId: null, paymentType: 'single' },
    });
    expect(requests[0]?.url).toBe(
      `${BASE}/api/stripe-session?prefilled_email=lucia%2Bcbp%40correo.es`,
    );
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('leaves the query out when there is no stored e-mail', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { sessionId: 'cs_test_1' }));
    await client.createCheckoutSession(
      { leadId: 'lead-1', userId: 'user-1', paymentType: 'split' },
      { accessToken: 'a', prefilledEmail: null },
    );
    expect(requests[0]?.url).toBe(`${BASE}/api/stripe-session`);
  });

  it('non-OK reads the body’s `error` field, as the spec says', async () => {
    const { client } = clientWith(() => jsonResponse(400, { error: 'Plan no disponible' }));
    const error = await failure(
      client.createCheckoutSession(
        { leadId: 'lead-1', userId: null, paymentType: 'single' },
        { accessToken: 'a' },
      ),
    );
    expect(error).toMatchObject({ code: 'http', status: 400, message: 'Plan no disponible' });
  });
});

describe('contract and payment calls', () => {
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  const signRequest = {
    plan: 'unico' as const,
    metodo: 'tarjeta' as const,
    terminosVersion: '2026-11-21',
    consentimientos: { condiciones: true as const, autorizacion: true as const },
    firma: { tipo: 'dibujada' as const, imagen: PNG },
  };
  const contrato = {
    id: '6f1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
    plan: 'unico',
    metodo: 'tarjeta',
    terminosVersion: '2026-11-21',
    firmadoEn: '2026-11-25T10:00:00.000Z',
    sha256: 'a'.repeat(64),
  };
  const status = {
    estado: 'confirmado',
    contrato,
    pagos: [
      {
        id: '7a1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
        tipo: 'unico',
        cuota: null,
        importe: 999,
        metodo: 'tarjeta',
        estado: 'pagado',
        fecha: '2026-11-25T10:05:00.000Z',
        recibo: 'R-2026-000123',
      },
    ],
    desistimientoHasta: '2026-12-09',
    esCliente: true,
    referenciaTransferencia: null,
  };

  it('signs the contract with the plan, the method, both consents and a drawn signature', async () => {
    const { client, requests } = clientWith(() => jsonResponse(201, { data: contrato }));
    expect(await client.signContract(signRequest, { accessToken: 'acceso-1' })).toEqual(contrato);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/contrato', body: signRequest });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('signs with a typed name for whoever cannot draw', async () => {
    const { client, requests } = clientWith(() => jsonResponse(201, { data: contrato }));
    const typed = { ...signRequest, firma: { tipo: 'escrita' as const, nombre: 'María Núñez' } };
    await client.signContract(typed, { accessToken: 'a' });
    expect(requests[0]?.body).toEqual(typed);
  });

  it('sends nothing without both consents', async () => {
    const { client, requests } = clientWith(() => jsonResponse(201, { data: contrato }));
    const unsigned = {
      ...signRequest,
      consentimientos: { condiciones: true, autorizacion: false },
    } as unknown as typeof signRequest;
    expect(await failure(client.signContract(unsigned, { accessToken: 'a' }))).toBeInstanceOf(
      RequestValidationError,
    );
    expect(requests).toHaveLength(0);
  });

  it('a refused signature gives the server’s Spanish message and status', async () => {
    const outdated =
      'Las condiciones han cambiado desde que abriste esta página. Vuelve a leerlas y firma de nuevo.';
    const { client } = clientWith(() => jsonResponse(409, { message: outdated }));
    const error = await failure(client.signContract(signRequest, { accessToken: 'a' }));
    expect(error).toMatchObject({ status: 409, message: outdated });
  });

  it('downloads the signed contract as a named PDF', async () => {
    const { client, requests } = clientWith(() =>
      pdfAttachment('attachment; filename="contrato-firmado.pdf"'),
    );
    const file = await client.downloadContract('acceso-1');
    expect(file.fileName).toBe('contrato-firmado.pdf');
    expect(await file.blob.text()).toBe('%PDF');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/contrato/pdf' });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('an empty contract download is an error', async () => {
    const { client } = clientWith(() => new Response(null, { status: 200 }));
    expect(await failure(client.downloadContract('a'))).toBeInstanceOf(EmptyResponseError);
  });

  it('downloads a payment’s receipt, refusing an id that cannot be one before sending', async () => {
    const paymentId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    const { client, requests } = clientWith(() =>
      pdfAttachment('attachment; filename="recibo-R-2026-000007.pdf"'),
    );
    const file = await client.downloadReceipt(paymentId, 'acceso-1');
    expect(file.fileName).toBe('recibo-R-2026-000007.pdf');
    expect(requests[0]).toMatchObject({ method: 'GET', path: `/api/pagos/${paymentId}/recibo` });
    expect(await failure(client.downloadReceipt('../contrato/pdf', 'acceso-1'))).toMatchObject({
      message: 'No se ha encontrado el recibo.',
    });
    expect(requests).toHaveLength(1);
  });

  it('reads the transfer instructions', async () => {
    const instructions = {
      importe: 999,
      referencia: 'CBP-7F3K2Q',
      cuentas: [
        { banco: 'Banco Uno', titular: 'Despacho', iban: 'ES91 2100 0418 4502 0005 1332' },
        { banco: 'Banco Dos', titular: 'Despacho', iban: 'ES79 2100 0813 6101 2345 6789' },
      ],
      plazo: '24 a 48 horas',
    };
    const { client, requests } = clientWith(() => jsonResponse(200, { data: instructions }));
    expect(await client.transferInstructions('acceso-1')).toEqual(instructions);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/pagos/transferencia' });
  });

  it('asks for the payment state, with the checkout session when there is one', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: status }));
    expect(await client.billingStatus('acceso-1', { sessionId: 'cs_test_1' })).toEqual(status);
    await client.billingStatus('acceso-1');
    expect(requests[0]?.url).toBe(`${BASE}/api/pagos/estado?session_id=cs_test_1`);
    expect(requests[1]?.url).toBe(`${BASE}/api/pagos/estado`);
  });

  it('does not accept a payment state it does not know', async () => {
    const { client } = clientWith(() =>
      jsonResponse(200, { data: { ...status, estado: 'casi-pagado' } }),
    );
    expect(await failure(client.billingStatus('a'))).toBeInstanceOf(InvalidResponseError);
  });

  it('withdraws and reads the server’s message, or its refusal', async () => {
    const done =
      'Has desistido del contrato. Te devolveremos lo pagado en un plazo máximo de 14 días.';
    const { client, requests } = clientWith(() => jsonResponse(200, { message: done }));
    expect(await client.withdraw('acceso-1')).toEqual({ message: done });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/contrato/desistimiento' });
    const closed = 'El plazo de 14 días naturales para desistir ya ha terminado.';
    const refused = clientWith(() => jsonResponse(409, { message: closed }));
    expect(await failure(refused.client.withdraw('a'))).toMatchObject({
      status: 409,
      message: closed,
    });
  });

  it('a failing state read says so in Spanish', async () => {
    const { client } = clientWith(() => new Response(null, { status: 500 }));
    expect((await failure(client.billingStatus('a'))).message).toBe(
      'No hemos podido comprobar el estado de tu pago',
    );
  });
});

describe('healthCheck', () => {
  it('reports the status without failing on a non-OK answer', async () => {
    const { client, requests } = clientWith(() => new Response('{"status":"ok"}', { status: 200 }));
    expect(await client.healthCheck()).toEqual({ ok: true, status: 200 });
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/health-check' });
    const down = clientWith(() => new Response('', { status: 503 }));
    expect(await down.client.healthCheck()).toEqual({ ok: false, status: 503 });
  });
});

describe('error classes', () => {
  it('share one base class and a code to switch on', () => {
    const errors = [
      new ConfigurationError(),
      new OfflineError(),
      new NetworkError(),
      new CrossOriginError(),
      new TimeoutError(10_000),
      new HttpError(400, 'x'),
      new RateLimitError('x', null),
      new EmptyResponseError(),
      new MissingDataError(),
      new MissingSessionError(),
      new MissingLeadIdError(),
      new InvalidCredentialsError(),
      new InvalidResponseError(200),
      new RequestValidationError('x', {}),
    ];
    for (const error of errors) {
      expect(isApiError(error)).toBe(true);
      expect(error).toBeInstanceOf(Error);
    }
    expect(new Set(errors.map((error) => error.code)).size).toBe(errors.length);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(new TimeoutError(1_000).message).toBe(
      'El servidor no respondió en 1 segundo. Por favor, inténtalo de nuevo.',
    );
  });
});

describe('declaration calls', () => {
  const huella = 'a'.repeat(64);
  const unsigned = {
    estado: 'sin-firmar',
    motivo: null,
    texto: ['Declaro que los datos de mi expediente son ciertos.'],
    huella,
    firmadaEn: null,
    sha256: null,
  };

  it('reads the declaration with the bearer token and returns its view', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: unsigned }));
    const view = await client.getDeclaration('acceso-1');
    expect(view).toEqual(unsigned);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/expediente/declaracion' });
    expect(requests[0]?.headers.authorization).toBe('Bearer acceso-1');
  });

  it('signs with a typed name and the fingerprint the screen showed', async () => {
    const signed = { ...unsigned, estado: 'firmada', firmadaEn: '2026-11-29T10:00:00.000Z' };
    const { client, requests } = clientWith(() => jsonResponse(200, { data: signed }));
    const view = await client.signDeclaration(
      { firma: { tipo: 'escrita', nombre: 'Lucía Martínez Peña' }, huella },
      'acceso-1',
    );
    expect(view.estado).toBe('firmada');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/expediente/declaracion',
      body: { firma: { tipo: 'escrita', nombre: 'Lucía Martínez Peña' }, huella },
    });
  });

  it('refuses a signature without a name before sending it', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: unsigned }));
    const error = await failure(
      client.signDeclaration({ firma: { tipo: 'escrita', nombre: ' ' }, huella }, 'acceso-1'),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ message: 'Escribe tu nombre completo para firmar' });
    expect(requests).toHaveLength(0);
  });

  it('a failed read without a message of its own says so in Spanish', async () => {
    const { client } = clientWith(() => new Response(null, { status: 500 }));
    expect(await failure(client.getDeclaration('acceso-1'))).toMatchObject({
      status: 500,
      message: 'No hemos podido cargar tu declaración responsable',
    });
  });
});
