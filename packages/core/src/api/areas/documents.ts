import {
  type DeliveryResponse,
  deliveryResponseSchema,
  documentContentPath,
  type DocumentsOverview,
  documentsOverviewResponseSchema,
  storedFileIdSchema,
  RETRIEVAL_DOCUMENT_MODELS,
  type RetrievalDocumentRequest,
  type RetrievalSession,
  retrievalSessionResponseSchema,
  retrievalStartRequestSchema,
  retrievalStartResponseSchema,
  tokenSchema,
  idSchema,
  type RetrievalStartResponse,
} from '../../schemas';
import {
  DOWNLOAD_TIMEOUT_MS,
  fileNameFromContentDisposition,
  type DownloadedFile,
} from '../download';
import { EmptyResponseError } from '../errors';
import {
  type ApiTransport,
  type CallOptions,
  checkedInput,
  jsonBody,
  validated,
  sendForSession,
  sendValidated,
} from '../transport';

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const DOCUMENTS_FALLBACK_MESSAGES = {
  getRetrievalSession: 'Error al actualizar la sesión',
  startRetrievalSession: 'No hemos podido abrir el acceso con Cl@ve PIN. Inténtalo de nuevo.',
  getDocuments: 'No hemos podido cargar tus documentos',
  deliverDocuments: 'No hemos podido enviar tu documentación',
  downloadDocument: 'No hemos podido descargar el documento',
} as const;

export type StartedRetrievalSession = RetrievalStartResponse['session'];

/** The documents: checklist, files, delivery and automatic retrieval. */
export interface DocumentsApi {
  /** GET /api/bankflip-session/{leadId}; null when the lead has no retrieval session yet. */
  getRetrievalSession(
    leadId: string,
    accessToken: string,
    options?: CallOptions,
  ): Promise<RetrievalSession | null>;
  /** POST /api/bankflip-session; asks for RETRIEVAL_DOCUMENT_MODELS unless told otherwise. */
  startRetrievalSession(
    request: { readonly leadId: string; readonly documentos?: readonly RetrievalDocumentRequest[] },
    options: CallOptions & { readonly accessToken: string },
  ): Promise<StartedRetrievalSession>;
  /** GET /api/documents: the case's checklist, each entry's file and review, and retrieved files. */
  getDocuments(accessToken: string, options?: CallOptions): Promise<DocumentsOverview>;
  /**
   * POST /api/documents/entrega ('Finalizar subida de documentos'). What is still missing is in
   * `data.faltan`; a refusal (409, nothing uploaded yet) rejects with the server's message.
   */
  deliverDocuments(accessToken: string, options?: CallOptions): Promise<DeliveryResponse>;
  /** GET /api/documents/files/{id}/content: one stored file of the case, as bytes and a name. */
  downloadDocument(
    fileId: string,
    accessToken: string,
    options?: CallOptions & { readonly timeoutMs?: number },
  ): Promise<DownloadedFile>;
}

export function documentsApi(send: ApiTransport): DocumentsApi {
  return {
    async getRetrievalSession(leadId, accessToken, callOptions = {}) {
      const id = checkedInput(idSchema, leadId);
      const response = await send({
        method: 'GET',
        path: `/api/bankflip-session/${encodeURIComponent(id)}`,
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: DOCUMENTS_FALLBACK_MESSAGES.getRetrievalSession,
        passStatuses: [404],
      });
      if (response.status === 404) return null;
      const body = validated(retrievalSessionResponseSchema, jsonBody(response), response.status);
      if (body.session === null) return null;
      return {
        estado: body.session.estado,
        widget_link: body.session.widget_link ?? body.widget_link ?? null,
        documentos: body.documentos ?? [],
      };
    },

    async startRetrievalSession(request, callOptions) {
      const body = checkedInput(retrievalStartRequestSchema, {
        documentos: request.documentos ?? RETRIEVAL_DOCUMENT_MODELS,
        leadId: request.leadId,
      });
      return sendForSession(send, retrievalStartResponseSchema, {
        method: 'POST',
        path: '/api/bankflip-session',
        body,
        accessToken: checkedInput(tokenSchema, callOptions.accessToken),
        signal: callOptions.signal,
        fallbackMessage: DOCUMENTS_FALLBACK_MESSAGES.startRetrievalSession,
      });
    },

    async getDocuments(accessToken, callOptions = {}) {
      return (
        await sendValidated(send, documentsOverviewResponseSchema, {
          method: 'GET',
          path: '/api/documents',
          accessToken: checkedInput(tokenSchema, accessToken),
          signal: callOptions.signal,
          fallbackMessage: DOCUMENTS_FALLBACK_MESSAGES.getDocuments,
        })
      ).data;
    },

    async deliverDocuments(accessToken, callOptions = {}) {
      return await sendValidated(send, deliveryResponseSchema, {
        method: 'POST',
        path: '/api/documents/entrega',
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        fallbackMessage: DOCUMENTS_FALLBACK_MESSAGES.deliverDocuments,
      });
    },

    async downloadDocument(fileId, accessToken, callOptions = {}) {
      const id = checkedInput(storedFileIdSchema, fileId);
      const response = await send({
        method: 'GET',
        path: documentContentPath(id),
        headers: { Accept: '*/*' },
        accessToken: checkedInput(tokenSchema, accessToken),
        signal: callOptions.signal,
        timeoutMs: callOptions.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
        responseType: 'blob',
        fallbackMessage: DOCUMENTS_FALLBACK_MESSAGES.downloadDocument,
      });
      if (response.blob === undefined || response.blob.size === 0) {
        throw new EmptyResponseError(response.status);
      }
      return {
        blob: response.blob,
        fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
      };
    },
  };
}
