import { z } from 'zod';
import {
  type CreatedSession,
  type CreateSessionInput,
  type DownloadedDocument,
  type RetrievalProvider,
  RetrievalProviderError,
  type SessionSummary,
} from './types';

export interface BankflipClientOptions {
  /** The API host, e.g. https://core.bankflip.io, without a trailing slash. */
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Replaceable in tests. */
  fetch?: typeof fetch;
}

const modelSchema = z.looseObject({ type: z.string().min(1), year: z.number().int().optional() });

const createdSessionSchema = z.looseObject({
  id: z.string().min(1),
  widgetLink: z.url({ protocol: /^https?$/ }),
});

const documentSchema = z.looseObject({
  id: z.string().min(1),
  sessionId: z.string(),
  name: z.string(),
  extension: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
  model: modelSchema,
});

const summarySchema = z.looseObject({
  modelRequestOutcomes: z.array(
    z.looseObject({
      completed: z.boolean(),
      modelRequest: z.looseObject({ model: modelSchema }),
      documents: z.array(documentSchema).nullable().optional(),
      noDocumentReasons: z
        .array(z.looseObject({ reason: z.string(), subreason: z.string().nullable().optional() }))
        .nullable()
        .optional(),
    }),
  ),
});

/** The provider's API (decision 0475): Bearer key, JSON in and out, PDFs as bytes. */
export class BankflipClient implements RetrievalProvider {
  readonly kind = 'bankflip';
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: BankflipClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  async createSession(input: CreateSessionInput): Promise<CreatedSession> {
    const response = await this.call('POST', '/session', {
      requests: input.requests,
      webhookUrl: input.webhookUrl,
      metadata: input.metadata,
      integrationMode: 'iframe',
    });
    if (response === undefined) {
      throw new RetrievalProviderError('rejected', 'POST /session answered 404', 404);
    }
    const parsed = createdSessionSchema.safeParse(await readJson(response));
    if (!parsed.success) throw invalid('POST /session', parsed.error);
    return { id: parsed.data.id, widgetLink: parsed.data.widgetLink };
  }

  async getSummary(sessionId: string): Promise<SessionSummary | undefined> {
    const path = `/session/${encodeURIComponent(sessionId)}/summary`;
    const response = await this.call('GET', path);
    if (response === undefined) return undefined;
    const parsed = summarySchema.safeParse(await readJson(response));
    if (!parsed.success) throw invalid(`GET ${path}`, parsed.error);
    return {
      modelRequestOutcomes: parsed.data.modelRequestOutcomes.map((outcome) => ({
        completed: outcome.completed,
        modelRequest: { model: outcome.modelRequest.model },
        documents: outcome.documents ?? null,
        noDocumentReasons:
          outcome.noDocumentReasons?.map((reason) => ({
            reason: reason.reason,
            subreason: reason.subreason ?? null,
          })) ?? null,
      })),
    };
  }

  async downloadDocument(documentId: string): Promise<DownloadedDocument | undefined> {
    const response = await this.call('GET', `/document/${encodeURIComponent(documentId)}/content`);
    if (response === undefined) return undefined;
    try {
      return {
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        content: Buffer.from(await response.arrayBuffer()),
      };
    } catch (error) {
      throw failureOf(error, 'GET document content body');
    }
  }

  /** The answer when it is a success, `undefined` on 404; any other answer throws. */
  private async call(method: string, path: string, body?: unknown): Promise<Response | undefined> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.options.apiUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw failureOf(error, `${method} ${path}`);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    if (response.status === 404) return undefined;
    const detail = `${method} ${path} answered ${String(response.status)}: ${text.slice(0, 300)}`;
    // 429 is the provider asking us to slow down: like an outage, it passes.
    const failure = response.status >= 500 || response.status === 429 ? 'unavailable' : 'rejected';
    throw new RetrievalProviderError(failure, detail, response.status);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (isTimeout(error)) throw failureOf(error, 'reading the answer');
    throw new RetrievalProviderError('invalid-answer', `not JSON: ${String(error)}`);
  }
}

function invalid(call: string, error: z.ZodError): RetrievalProviderError {
  return new RetrievalProviderError('invalid-answer', `${call}: ${z.prettifyError(error)}`);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function failureOf(error: unknown, call: string): RetrievalProviderError {
  if (error instanceof RetrievalProviderError) return error;
  const detail = `${call}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  return new RetrievalProviderError(isTimeout(error) ? 'timeout' : 'unavailable', detail);
}
