import { staffAccountsApi, type StaffAccountsApi, staffCalls } from '@cbp/core';

import { areaClient } from '../../lib/api';

/**
 * The back-office's sign-in and session calls alone. The frame of every back-office page keeps
 * the session with them, so it does not download the schemas of the cases' screens.
 */
export const staffAccounts: () => StaffAccountsApi = areaClient((send) =>
  staffAccountsApi(staffCalls(send)),
);
