import { caseApi, type CaseStatusView } from '@cbp/core';

import { areaClient } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';

const caseCalls = areaClient(caseApi);

export function loadCaseStatus(call: AuthContextValue['authorizedCall']): Promise<CaseStatusView> {
  return call((token) => caseCalls().caseStatus(token));
}
