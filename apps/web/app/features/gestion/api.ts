import {
  staffCalls,
  staffCaseFilesApi,
  type StaffCaseFilesApi,
  staffLeadsApi,
  type StaffLeadsApi,
} from '@cbp/core';

import { areaClient } from '../../lib/api';

/**
 * The back-office's case calls, one client per area like the client's screens: the leads list
 * does not download the schemas of a case's documents, payments and sending. Sign-in and the
 * team are in accounts-api.ts.
 */
export const staffLeads: () => StaffLeadsApi = areaClient((send) =>
  staffLeadsApi(staffCalls(send)),
);

/** A case's documents, payments and sending. */
export const staffCaseFiles: () => StaffCaseFilesApi = areaClient((send) =>
  staffCaseFilesApi(staffCalls(send)),
);
