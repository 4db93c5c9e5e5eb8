import { loadWithSession } from '../../lib/client-loader';
import { loadCaseStatus } from './api';
import { LOAD_FAILED } from './strings';

export function clientLoader() {
  return loadWithSession(loadCaseStatus, LOAD_FAILED);
}
