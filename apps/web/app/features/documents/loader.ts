import { loadWithSession } from '../../lib/client-loader';
import { loadDocuments } from './api';
import { LOAD_FAILED } from './strings';

export function clientLoader() {
  return loadWithSession(loadDocuments, LOAD_FAILED);
}
