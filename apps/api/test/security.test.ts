import { Writable } from 'node:stream';
import { loadConfig } from '../src/config';
import { describe, expect, it } from 'vitest';
import { field, passingLead, startTestServer, variants, text, serverFor } from './helpers';

const [pglite] = variants;
if (pglite === undefined) throw new Error('PGlite variant missing');

class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(chunk.toString('utf8'));
    callback();
  }
  get text(): string {
    return this.lines.join('');
  }
}

describe('HTTP hardening (PGlite)', () => {
  const server = serverFor(pglite, { allowedOrigins: ['https://cbp.example'] });

  it('sends security headers on every answer, errors included', async () => {
    for (const path of ['/health-check', '/api/no-existe', '/api/auth/verify']) {
      const response = await server().request(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('answers unknown API paths with a Spanish 404', async () => {
    const response = await server().request('/api/no-existe');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'No se ha encontrado el recurso solicitado.' });
  });

  describe('CORS', () => {
    it('allows a configured origin, with the headers the client needs', async () => {
      const preflight = await fetch(`${server().url}/api/leads`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://cbp.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,idempotency-key',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://cbp.example');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'idempotency-key',
      );
    });

    it('lets a browser on an allowed origin run tus uploads and read their headers', async () => {
      const preflight = await fetch(`${server().url}/api/uploads/${'a'.repeat(32)}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://cbp.example',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers':
            'authorization,tus-resumable,upload-offset,upload-length,upload-metadata,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      const methods = preflight.headers.get('access-control-allow-methods') ?? '';
      for (const method of ['HEAD', 'PATCH', 'DELETE', 'POST']) expect(methods).toContain(method);
      const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const header of ['tus-resumable', 'upload-offset', 'upload-length', 'upload-metadata'])
        expect(allowed).toContain(header);

      const answer = await server().request('/api/uploads', {
        method: 'POST',
        headers: { origin: 'https://cbp.example', 'tus-resumable': '1.0.0' },
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('access-control-allow-origin')).toBe('https://cbp.example');
      const exposed = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      for (const header of ['location', 'upload-offset', 'upload-length', 'tus-resumable'])
        expect(exposed).toContain(header);
    });

    it('gives no CORS permission to any other origin', async () => {
      const response = await server().request('/health-check', {
        headers: { origin: 'https://malo.example' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('lets local development origins in outside production', async () => {
      const response = await server().request('/health-check', {
        headers: { origin: 'http://localhost:5173' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    });
  });

  it('describes every endpoint in the OpenAPI document at /api/docs', async () => {
    const ui = await server().request('/api/docs');
    expect(ui.status).toBe(200);
    const document = await server().request('/api/docs/json');
    expect(document.status).toBe(200);
    const paths = Object.keys(field(document.body, 'paths') as Record<string, unknown>);
    expect(paths.sort()).toEqual(
      [
        '/health-check',
        '/api/leads',
        '/api/leads/{leadId}',
        '/api/auth/login',
        '/api/auth/verify',
        '/api/calculations',
        '/api/calculations/latest',
        '/api/calculations/draft',
        '/api/case/progress',
        '/api/case/status',
        '/api/expediente/revision',
        '/api/expediente/revision/finalizar',
        '/api/bankflip-session/{leadId}',
        '/api/bankflip-session',
        '/api/documents',
        '/api/documents/files/{fileId}/content',
        '/api/documents/entrega',
        '/api/uploads',
        '/api/uploads/{uploadId}',
        '/api/auth/refresh',
        '/api/auth/logout',
        '/api/auth/reset-password-request',
        '/api/auth/update-password',
        '/api/auth/password-link',
        '/api/gestion/auth/login',
        '/api/gestion/auth/refresh',
        '/api/gestion/auth/logout',
        '/api/gestion/auth/invitation',
        '/api/gestion/auth/activate',
        '/api/gestion/auth/me',
        '/api/gestion/equipo',
        '/api/gestion/equipo/{staffId}/desactivar',
        '/api/gestion/leads',
        '/api/gestion/leads.csv',
        '/api/gestion/leads/{leadId}',
        '/api/gestion/leads/{leadId}/notas',
        '/api/gestion/leads/{leadId}/fase',
        '/api/gestion/fases',
        '/api/gestion/fases/{phaseId}',
        '/api/gestion/auditoria',
        '/api/gestion/leads/{leadId}/documents',
        '/api/gestion/documents/{fileId}/content',
        '/api/gestion/documents/{fileId}/review',
        '/api/contrato',
        '/api/contrato/pdf',
        '/api/contrato/desistimiento',
        '/api/stripe-session',
        '/api/pagos/transferencia',
        '/api/pagos/estado',
        '/api/pagos/{paymentId}/recibo',
        '/api/gestion/leads/{leadId}/pagos',
        '/api/gestion/leads/{leadId}/pagos/{paymentId}/recibo',
        '/api/gestion/leads/{leadId}/pagos/transferencia',
        '/api/gestion/leads/{leadId}/reembolso',
        '/api/gestion/series',
        '/api/gestion/series/euribor',
        '/api/gestion/series/iprem',
        '/api/expediente/envio',
        '/api/expediente/envio/pdf',
        '/api/expediente/envio/partes/{numero}',
        '/api/expediente/declaracion',
        '/api/expediente/declaracion/pdf',
        '/api/gestion/leads/{leadId}/declaracion/pdf',
        '/api/gestion/leads/{leadId}/expediente',
        '/api/gestion/leads/{leadId}/expediente/pdf',
        '/api/gestion/leads/{leadId}/expediente/partes/{numero}',
        '/api/gestion/leads/{leadId}/expediente/reabrir',
        '/api/gestion/leads/{leadId}/expediente/presentacion',
      ].sort(),
    );
    const leadBody = field(
      document.body,
      'paths',
      '/api/leads',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    );
    expect(field(leadBody, 'required')).toEqual(
      expect.arrayContaining(['nombre', 'apellidos', 'telefono', 'email', 'politicaPrivacidad']),
    );
  });

  it('reports the database in the health check', async () => {
    const response = await server().request('/health-check');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });
});

describe('logs (PGlite)', () => {
  const capture = new LogCapture();
  const server = serverFor(pglite, { logLevel: 'info' }, { logger: true, logStream: capture });

  it('never contain e-mails, phones, passwords or tokens', async () => {
    const body = passingLead({ telefono: '699 888 777' });
    const created = await server().request('/api/leads', { json: body });
    const accessToken = text(created.body, 'session', 'access_token');
    const refreshToken = text(created.body, 'session', 'refresh_token');
    await server().request('/api/auth/verify', { token: accessToken });
    await server().request('/api/auth/refresh', { json: { refresh_token: refreshToken } });
    await server().request('/api/auth/login', {
      json: { email: body.email, password: 'mi-clave-secreta-99' },
    });
    await server().request('/api/auth/reset-password-request', { json: { email: body.email } });
    await server().request(`/api/leads?email=${encodeURIComponent(body.email)}`);
    await server().worker.settle();

    const logs = capture.text;
    expect(logs).toContain('"msg":"Lead creado"');
    expect(logs).toContain('l***@correo.es');
    for (const secret of [
      body.email,
      '699888777',
      '699 888 777',
      'mi-clave-secreta-99',
      accessToken,
      refreshToken,
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain('127.0.0.1"');
  });
});

describe('production mode (PGlite)', () => {
  const server = serverFor(pglite, {
    production: true,
    jwtSecret: 'un-secreto-de-pruebas-con-mas-de-32-caracteres',
    // Production asks for the documents' key instead of keeping one beside the data.
    storage: { key: 'una-clave-de-los-documentos-de-pruebas-32', s3: undefined },
    allowedOrigins: ['https://cbp.example'],
    // Production never runs the retrieval or payment sandboxes: it needs the providers' keys.
    retrieval: {
      ...loadConfig({}).retrieval,
      mode: 'bankflip',
      apiKey: 'clave-de-la-api',
      webhookSecret: Buffer.from('secreto de los avisos de prueba').toString('base64'),
    },
    payments: {
      ...loadConfig({}).payments,
      mode: 'stripe',
      secretKey: 'sk_test_clave_de_pruebas',
      webhookSecret: 'whsec_secreto_de_los_avisos_de_prueba',
    },
  });

  it('has no /dev routes', async () => {
    for (const path of ['/dev/correo', '/dev/correo/mensajes.json']) {
      const response = await server().request(path);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Buzón');
    }
  });

  it('refuses local development origins', async () => {
    const response = await server().request('/health-check', {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('asks browsers to keep to HTTPS', async () => {
    const response = await server().request('/health-check');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe('the development mailbox', () => {
  describe('on a server reachable from other machines (PGlite)', () => {
    const server = serverFor(pglite, { host: '0.0.0.0', devMailbox: false });

    it('is not served, so nobody else can read recovery links', async () => {
      for (const path of ['/dev/correo', '/dev/correo/mensajes.json']) {
        const response = await server().request(path);
        expect(response.status).toBe(404);
        expect(response.text).not.toContain('Buzón');
      }
    });
  });
});

// Each test opens and migrates its own database, which takes seconds on a busy machine.
describe('with the database gone (PGlite)', () => {
  it('health check answers 503 with Retry-After and names the dependency that is down', async () => {
    const provisioned = await pglite.provision();
    const instance = await startTestServer(provisioned);
    try {
      const healthy = await instance.request('/health-check');
      expect(healthy.body).toEqual({ status: 'ok', database: 'ok', correo: 'ok' });

      await instance.database.close();
      const response = await instance.request('/health-check');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.body).toEqual({
        status: 'error',
        database: 'error',
        correo: 'ok',
        message: 'El servicio no está disponible: la base de datos no responde.',
      });
    } finally {
      await instance.app.close();
      await provisioned.cleanup();
    }
  }, 90_000);

  it('answers 503 with Retry-After, not 500, where the rate limiter needs it', async () => {
    const provisioned = await pglite.provision();
    const instance = await startTestServer(provisioned);
    try {
      await instance.database.close();
      for (const [path, json] of [
        ['/api/leads', passingLead()],
        ['/api/auth/login', { email: 'ana@correo.es', password: 'una-clave-cualquiera' }],
        ['/api/auth/reset-password-request', { email: 'ana@correo.es' }],
      ] as const) {
        const response = await instance.request(path, { json });
        expect({ path, status: response.status }).toEqual({ path, status: 503 });
        expect(response.headers.get('retry-after')).toBe('5');
        expect(response.body).toEqual({
          message:
            'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
        });
      }
    } finally {
      await instance.app.close();
      await provisioned.cleanup();
    }
  }, 90_000);
});
