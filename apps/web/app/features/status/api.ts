import type { CaseStatusView } from '@cbp/core';

import { api } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';

export function loadCaseStatus(call: AuthContextValue['authorizedCall']): Promise<CaseStatusView> {
  return call((token) => api().caseStatus(token));
}
