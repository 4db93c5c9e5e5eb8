import { saveFile } from '../../lib/save-file';
import {
  madridDay,
  retrievalDocumentModels,
  UPLOAD_PATH,
  type DeliveryResponse,
  type DocumentsOverview,
  type RetrievalSession,
  type StartedRetrievalSession,
  documentsApi,
} from '@cbp/core';

import { apiBaseUrl, areaClient } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';
import type * as TusUploadModule from './tus-upload';

const documents = areaClient(documentsApi);

type AuthorizedCall = AuthContextValue['authorizedCall'];

export function loadDocuments(call: AuthorizedCall): Promise<DocumentsOverview> {
  return call((token) => documents().getDocuments(token));
}

export function deliverDocuments(call: AuthorizedCall): Promise<DeliveryResponse> {
  return call((token) => documents().deliverDocuments(token));
}

export function loadRetrievalSession(
  call: AuthorizedCall,
  leadId: string,
): Promise<RetrievalSession | null> {
  return call((token) => documents().getRetrievalSession(leadId, token));
}

/** Asks for the tax years whose return exists today, the same the screen names. */
export function startRetrieval(
  call: AuthorizedCall,
  leadId: string,
  today: Date,
): Promise<StartedRetrievalSession> {
  return call((accessToken) =>
    documents().startRetrievalSession(
      { leadId, documentos: retrievalDocumentModels(madridDay(today)) },
      { accessToken },
    ),
  );
}

/** Downloads a stored file and hands it to the browser's "save as". */
export async function downloadDocument(call: AuthorizedCall, fileId: string): Promise<void> {
  const { blob, fileName } = await call((token) => documents().downloadDocument(fileId, token));
  saveFile(blob, fileName);
}

export function uploadEndpoint(): string {
  return `${apiBaseUrl()}${UPLOAD_PATH}`;
}

/** The tus client, fetched on the first tap or key on the screen, or when a file is chosen. */
export function loadUploader(): Promise<typeof TusUploadModule> {
  return import('./tus-upload');
}
