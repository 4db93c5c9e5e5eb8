import { createStaffApiClient, type StaffApiClient } from '@cbp/core';

import { apiBaseUrl } from '../../lib/api';

let client: StaffApiClient | undefined;

/** The back-office's API client. Call it from effects and handlers only: it reads `window`. */
export function staffApi(): StaffApiClient {
  client ??= createStaffApiClient({ baseUrl: apiBaseUrl() });
  return client;
}
