import { loadWithSession, samePageKeepsData } from '../../lib/client-loader';
import { loadReview } from './api';
import { LOAD_FAILED } from './strings';

/** /app/revisar-expediente: the review as the server keeps it, or as the product prefilled it. */
export function clientLoader() {
  return loadWithSession(loadReview, LOAD_FAILED);
}

/** The summary and 'Cambiar' are the same screen: moving between them reads nothing again. */
export const shouldRevalidate = samePageKeepsData;
