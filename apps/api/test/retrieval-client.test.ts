import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BankflipClient } from '../src/providers/retrieval/bankflip';
import { RetrievalProviderError, toProviderRequest } from '../src/providers/retrieval/types';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler = (_request, response) => response.end();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

beforeEach(() => {
  seen = [];
});

function json(status: number, body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

const client = (timeoutMs = 2000) =>
  new BankflipClient({ apiUrl: baseUrl, apiKey: 'clave-secreta', timeoutMs });

describe('the provider client', () => {
  it('creates a session with the models, webhook, metadata and iframe mode, with the Bearer key', async () => {
    handler = json(201, { id: 'ses_1', widgetLink: 'https://core.bankflip.io/w/ses_1', extra: 1 });
    const session = await client().createSession({
      requests: [
        toProviderRequest({ model: 'HACIENDA_RENTA', year: 2025 }),
        toProviderRequest({ model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' }),
      ],
      webhookUrl: 'https://cbp.example/api/webhooks/bankflip',
      metadata: { leadId: 'lead-1' },
    });
    expect(session).toEqual({ id: 'ses_1', widgetLink: 'https://core.bankflip.io/w/ses_1' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/session',
      authorization: 'Bearer clave-secreta',
      contentType: 'application/json',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      requests: [
        { model: { type: 'AEAT_100_RENTA', year: 2025 } },
        { model: { type: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' } },
      ],
      webhookUrl: 'https://cbp.example/api/webhooks/bankflip',
      metadata: { leadId: 'lead-1' },
      integrationMode: 'iframe',
    });
  });

  it('reads the summary of a session, and answers undefined for one the provider does not know', async () => {
    const document = {
      id: 'doc_1',
      sessionId: 'ses_1',
      name: 'Renta 2025',
      extension: 'pdf',
      contentType: 'application/pdf',
      createdAt: '2026-11-25T10:00:00Z',
      model: { type: 'AEAT_100_RENTA', year: 2025 },
    };
    handler = json(200, {
      modelRequestOutcomes: [
        {
          completed: true,
          modelRequest: { model: document.model },
          documents: [document],
          noDocumentReasons: null,
        },
        {
          completed: true,
          modelRequest: { model: { type: 'AEAT_CERT_IRPF', year: 2025 } },
          documents: null,
          noDocumentReasons: [{ reason: 'document_not_found' }],
        },
      ],
      identityVerification: null,
    });
    const summary = await client().getSummary('ses_1');
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/session/ses_1/summary',
      authorization: 'Bearer clave-secreta',
    });
    expect(summary?.modelRequestOutcomes[0]?.documents?.[0]).toMatchObject({
      id: 'doc_1',
      extension: 'pdf',
    });
    expect(summary?.modelRequestOutcomes[1]?.noDocumentReasons).toEqual([
      { reason: 'document_not_found', subreason: null },
    ]);
    handler = json(404, { message: 'not found' });
    expect(await client().getSummary('otra')).toBeUndefined();
  });

  it('downloads a document as bytes', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(Buffer.from('%PDF-1.7 contenido'));
    };
    const document = await client().downloadDocument('doc_1');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/document/doc_1/content' });
    expect(document?.contentType).toBe('application/pdf');
    expect(document?.content.toString()).toBe('%PDF-1.7 contenido');
  });

  it('turns a 5xx into a Spanish "not available" error', async () => {
    handler = json(503, { error: 'down' });
    const error = await client()
      .getSummary('ses_1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RetrievalProviderError);
    expect(error).toMatchObject({ failure: 'unavailable', status: 503 });
    expect((error as Error).message).toBe(
      'El servicio de obtención de documentos no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
    );
  });

  it('turns a refused request into a "rejected" error and a silent provider into a timeout', async () => {
    handler = json(401, { error: 'bad key' });
    await expect(
      client().createSession({ requests: [], webhookUrl: 'https://x.es/w', metadata: {} }),
    ).rejects.toMatchObject({
      failure: 'rejected',
      status: 401,
    });
    handler = () => undefined;
    await expect(client(200).getSummary('ses_1')).rejects.toMatchObject({
      failure: 'timeout',
      message:
        'El servicio de obtención de documentos no ha respondido a tiempo. Inténtalo de nuevo en unos minutos.',
    });
  });

  it('refuses an answer without the fields it needs', async () => {
    handler = json(200, { id: 'ses_1' });
    await expect(
      client().createSession({ requests: [], webhookUrl: 'https://x.es/w', metadata: {} }),
    ).rejects.toMatchObject({
      failure: 'invalid-answer',
    });
    handler = (_request, response) => response.end('<html>');
    await expect(client().getSummary('ses_1')).rejects.toMatchObject({ failure: 'invalid-answer' });
  });
});
