import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { retrievalDocumentModels } from '@cbp/core';
import { webhookEvents } from '../src/db/schema';
import { toProviderRequest } from '../src/providers/retrieval/types';
import { signedWebhookHeaders } from '../src/providers/retrieval/webhook';
import { serverFor, variants } from './helpers';

const [pglite] = variants;
if (pglite === undefined) throw new Error('PGlite siempre está disponible');

describe('retrieval sandbox through HTTP (PGlite)', () => {
  const server = serverFor(pglite);

  async function newSession() {
    const { ctx, url } = server();
    return ctx.retrieval.provider.createSession({
      requests: retrievalDocumentModels('2026-11-25').map(toProviderRequest),
      webhookUrl: `${url}/api/webhooks/bankflip`,
      metadata: { leadId: 'lead-1' },
    });
  }

  it('is the provider chosen with no configuration', () => {
    expect(server().ctx.retrieval.provider.kind).toBe('sandbox');
  });

  it('serves a Spanish widget page with its buttons, its own script policy and the messages', async () => {
    const session = await newSession();
    expect(session.widgetLink).toBe(`${server().url}/sandbox/bankflip/widget/${session.id}`);
    const page = await server().request(new URL(session.widgetLink).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="es">');
    for (const label of [
      'Simular acceso correcto con documentos',
      'Simular acceso correcto sin documentos',
      'Cancelar la sesión',
      'Simular sesión caducada',
      'Cerrar',
    ]) {
      expect(page.text).toContain(`>${label}</button>`);
    }
    expect(page.text).toContain(
      'window.parent.postMessage({ name: name, sessionId: data.sessionId }, data.targetOrigin)',
    );
    expect(page.text).toContain(`"targetOrigin":"${server().url}"`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'; script-src 'sha256-[^']+'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('on success sends a signed webhook, lists a document per model and serves each as a PDF', async () => {
    const session = await newSession();
    const answer = await server().request(`/sandbox/bankflip/widget/${session.id}/exito`, {
      method: 'POST',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      events: ['results_screen_shown', 'session_completed'],
      webhook: 'entregado',
    });
    const stored = await server()
      .ctx.db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.sessionId, session.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'bankflip', name: 'SESSION_COMPLETED' });

    const summary = await server().ctx.retrieval.provider.getSummary(session.id);
    const documents =
      summary?.modelRequestOutcomes.flatMap((outcome) => outcome.documents ?? []) ?? [];
    expect(documents).toHaveLength(9);
    expect(documents[0]?.model).toEqual({ type: 'AEAT_100_RENTA', year: 2025 });

    const first = documents[0];
    if (first === undefined) throw new Error('sin documentos');
    const downloaded = await server().ctx.retrieval.provider.downloadDocument(first.id);
    expect(downloaded?.contentType).toBe('application/pdf');
    const pdf = await PDFDocument.load(downloaded?.content ?? Buffer.alloc(0));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Declaración del IRPF (modelo 100) 2025 (ejemplo)');

    const again = await server().request(`/sandbox/bankflip/widget/${session.id}/exito`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
  });

  it('completes without documents, and cancels or expires without a webhook', async () => {
    const empty = await newSession();
    const none = await server().request(`/sandbox/bankflip/widget/${empty.id}/sin-documentos`, {
      method: 'POST',
    });
    expect(none.body).toMatchObject({
      events: ['results_screen_shown', 'session_completed'],
      webhook: 'entregado',
    });
    const summary = await server().ctx.retrieval.provider.getSummary(empty.id);
    expect(summary?.modelRequestOutcomes.every((outcome) => outcome.documents?.length === 0)).toBe(
      true,
    );

    const cancelled = await newSession();
    const cancel = await server().request(`/sandbox/bankflip/widget/${cancelled.id}/cancelar`, {
      method: 'POST',
    });
    expect(cancel.body).toMatchObject({ events: ['session_cancelled'], webhook: 'no-aplica' });
    const expired = await newSession();
    const expire = await server().request(`/sandbox/bankflip/widget/${expired.id}/caducar`, {
      method: 'POST',
    });
    expect(expire.body).toMatchObject({ events: ['session_expired'] });
    const page = await server().request(`/sandbox/bankflip/widget/${expired.id}`);
    expect(page.text).toContain('"expired":true');
    expect(page.text).toContain('La sesión ha caducado.');
  });

  it('answers 404 for an unknown session or document', async () => {
    expect((await server().request('/sandbox/bankflip/widget/no-existe')).status).toBe(404);
    expect(await server().ctx.retrieval.provider.getSummary('no-existe')).toBeUndefined();
    expect(
      await server().ctx.retrieval.provider.downloadDocument(
        '00000000-0000-4000-8000-000000000000',
      ),
    ).toBeUndefined();
  });
});

describe('POST /api/webhooks/bankflip (PGlite)', () => {
  const server = serverFor(pglite);
  const body = (id: string) =>
    JSON.stringify({ id, name: 'SESSION_COMPLETED', payload: { sessionId: `ses-${id}` } });

  function post(raw: string, headers: Record<string, string>) {
    return server().request('/api/webhooks/bankflip', { method: 'POST', body: raw, headers });
  }

  function signed(raw: string, now = new Date()) {
    const url = `${server().url}/api/webhooks/bankflip`;
    return signedWebhookHeaders(server().ctx.retrieval.webhookSecret, url, raw, now);
  }

  it('accepts a correctly signed event', async () => {
    const raw = body('evt-valido');
    const answer = await post(raw, signed(raw));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ recibido: true, duplicado: false });
  });

  it('refuses a wrong signature, a missing one, an old timestamp and a modified body', async () => {
    const raw = body('evt-falso');
    const headers = signed(raw);
    expect(
      (await post(raw, { ...headers, 'x-signature-v1': Buffer.alloc(32).toString('base64') }))
        .status,
    ).toBe(401);
    expect((await post(raw, { 'content-type': 'application/json' })).status).toBe(401);
    const old = signed(raw, new Date(Date.now() - 10 * 60 * 1000));
    expect((await post(raw, old)).status).toBe(401);
    const modified = raw.replace('ses-evt-falso', 'ses-otra');
    const refused = await post(modified, headers);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'La firma del aviso no es válida.' });
  });

  it('answers 400 to a signed body it cannot read', async () => {
    const raw = JSON.stringify({ nombre: 'otro' });
    expect((await post(raw, signed(raw))).status).toBe(400);
  });

  it.each([
    [
      'a NUL character in a string',
      'nulo',
      '{"id":"evt-nulo","name":"SESSION_COMPLETED","payload":{"sessionId":"ses-\\u0000"}}',
    ],
    [
      // As deep as the 32 KB body limit lets through.
      'nesting 15 000 levels deep',
      'anidado',
      `{"id":"evt-hondo","name":"SESSION_COMPLETED","payload":{"sessionId":"ses-hondo","x":${'['.repeat(15_000)}${']'.repeat(15_000)}}}`,
    ],
    [
      'half of a UTF-16 pair',
      'texto',
      '{"id":"evt-medio","name":"SESSION_COMPLETED","payload":{"sessionId":"ses-\\ud800"}}',
    ],
    ['a body that is not JSON', 'ilegible', '{"id":"evt-roto","name":'],
  ])('answers 400 to %s and records it once as malformed', async (_what, reason, raw) => {
    const first = await post(raw, signed(raw));
    expect(first).toMatchObject({
      status: 400,
      body: { message: 'El aviso no tiene el formato esperado.' },
    });
    expect((await post(raw, signed(raw))).status).toBe(400);
    const digest = createHash('sha256').update(raw).digest('hex');
    const rows = await server()
      .ctx.db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, `malformado:sha256:${digest}`));
    expect(rows).toEqual([
      expect.objectContaining({
        provider: 'bankflip',
        name: 'malformado',
        sessionId: null,
        payload: expect.objectContaining({
          motivo: reason,
          sha256: digest,
          bytes: Buffer.byteLength(raw),
        }) as unknown,
      }),
    ]);
  });

  it('handles a replayed event once', async () => {
    const raw = body('evt-repetido');
    const first = await post(raw, signed(raw));
    const second = await post(raw, signed(raw));
    expect(first.body).toEqual({ recibido: true, duplicado: false });
    expect(second.body).toEqual({ recibido: true, duplicado: true });
    const rows = await server()
      .ctx.db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, 'evt-repetido'));
    expect(rows).toHaveLength(1);
  });
});

describe('production mode (PGlite)', () => {
  const server = serverFor(pglite, {
    production: true,
    jwtSecret: 'un-secreto-de-pruebas-con-mas-de-32-caracteres',
    // Production asks for the documents' key instead of keeping one beside the data.
    storage: { key: 'una-clave-de-los-documentos-de-pruebas-32', s3: undefined },
    retrieval: {
      mode: 'bankflip',
      apiUrl: 'https://core.bankflip.io',
      apiKey: 'clave',
      webhookSecret: Buffer.from('secreto de pruebas de avisos').toString('base64'),
      widgetOrigins: ['https://core.bankflip.io'],
      timeoutMs: 1000,
      webhookToleranceSeconds: 300,
    },
    payments: {
      mode: 'stripe',
      apiUrl: 'https://api.stripe.com',
      secretKey: 'sk_test_clave_de_pruebas',
      webhookSecret: 'whsec_secreto_de_pruebas_de_avisos',
      timeoutMs: 1000,
      webhookToleranceSeconds: 300,
    },
  });

  it('uses the provider and has no sandbox routes', async () => {
    expect(server().ctx.retrieval.provider.kind).toBe('bankflip');
    expect(
      (await server().request('/sandbox/bankflip/widget/00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);
    expect(server().app.routeAccess.has('POST /api/webhooks/bankflip')).toBe(true);
  });
});
