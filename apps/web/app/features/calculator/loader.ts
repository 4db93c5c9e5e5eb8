import { loadWithSession } from '../../lib/client-loader';
import { loadCalculator } from './api';
import { LOAD_FAILED } from './strings';

/** /app: the last result, the draft and what the simulator knows. */
export function clientLoader() {
  return loadWithSession(loadCalculator, LOAD_FAILED);
}
