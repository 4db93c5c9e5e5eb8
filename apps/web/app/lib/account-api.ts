import { accountApi, type AccountApi } from '@cbp/core';

import { areaClient } from './api';

/**
 * Signing in, the password forms and the simulator's check that the server is up. A signed-in
 * screen keeps its session with `sessionApi` alone (lib/auth/services.ts).
 */
export const api: () => AccountApi = areaClient(accountApi);
