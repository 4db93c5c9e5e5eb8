import type { RetrievalDocumentRequest, RetrievalModel } from '@cbp/core';

/**
 * The provider's model names for the spec's (decision 0475): the spec's HACIENDA_RENTA is the
 * provider's AEAT_100_RENTA (form 100, the IRPF return); the other two are spelt alike.
 */
export const PROVIDER_MODEL_TYPES = {
  HACIENDA_RENTA: 'AEAT_100_RENTA',
  AEAT_CERT_IRPF: 'AEAT_CERT_IRPF',
  SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES',
} as const satisfies Record<RetrievalModel, string>;

export type ProviderModelType = (typeof PROVIDER_MODEL_TYPES)[RetrievalModel];

/** A model as the provider spells it in requests, summaries and webhooks. */
export interface ProviderModel {
  type: string;
  year?: number;
}

export interface ProviderModelRequest {
  model: ProviderModel;
}

export function toProviderRequest(request: RetrievalDocumentRequest): ProviderModelRequest {
  const model: ProviderModel = { type: PROVIDER_MODEL_TYPES[request.model] };
  if (request.year !== undefined) model.year = request.year;
  return { model };
}

/** The spec's model for a provider model type, when it is one of ours. */
export function fromProviderModelType(type: string): RetrievalModel | undefined {
  const entry = Object.entries(PROVIDER_MODEL_TYPES).find(([, provider]) => provider === type);
  return entry?.[0] as RetrievalModel | undefined;
}

export interface CreateSessionInput {
  requests: ProviderModelRequest[];
  /** Where the provider posts the signed webhooks of this session. */
  webhookUrl: string;
  /** Returned untouched by the provider with the session (the lead it belongs to). */
  metadata: Record<string, string>;
}

export interface CreatedSession {
  id: string;
  /** The widget's address, opened in the documents screen's frame. */
  widgetLink: string;
}

export interface ProviderDocument {
  id: string;
  sessionId: string;
  name: string;
  extension: string;
  contentType: string;
  createdAt: string;
  model: ProviderModel;
}

export interface NoDocumentReason {
  reason: string;
  subreason: string | null;
}

export interface ModelRequestOutcome {
  completed: boolean;
  modelRequest: ProviderModelRequest;
  documents: ProviderDocument[] | null;
  noDocumentReasons: NoDocumentReason[] | null;
}

/** GET /session/{id}/summary. */
export interface SessionSummary {
  modelRequestOutcomes: ModelRequestOutcome[];
}

export interface DownloadedDocument {
  contentType: string;
  content: Buffer;
}

/** The one interface of the document-retrieval provider: the real API and the sandbox. */
export interface RetrievalProvider {
  readonly kind: 'bankflip' | 'sandbox';
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  /** The outcome of each requested model; `undefined` when the provider has no such session. */
  getSummary(sessionId: string): Promise<SessionSummary | undefined>;
  /** A document's content; `undefined` when the provider has no such document. */
  downloadDocument(documentId: string): Promise<DownloadedDocument | undefined>;
}

export type RetrievalFailure = 'timeout' | 'unavailable' | 'rejected' | 'invalid-answer';

const failureMessages: Record<RetrievalFailure, string> = {
  timeout:
    'El servicio de obtención de documentos no ha respondido a tiempo. Inténtalo de nuevo en unos minutos.',
  unavailable:
    'El servicio de obtención de documentos no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  rejected:
    'El servicio de obtención de documentos ha rechazado la petición. Si se repite, avisa al despacho.',
  'invalid-answer':
    'El servicio de obtención de documentos ha dado una respuesta que no se entiende. Inténtalo de nuevo más tarde.',
};

/** A failure of the provider; its message is Spanish and safe to show to the client. */
export class RetrievalProviderError extends Error {
  override name = 'RetrievalProviderError';

  constructor(
    readonly failure: RetrievalFailure,
    /** What happened, for the logs: never shown. */
    readonly detail: string,
    readonly status?: number,
  ) {
    super(failureMessages[failure]);
  }
}
