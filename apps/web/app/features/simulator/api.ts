import { leadApi, type LeadApi } from '@cbp/core';

import { areaClient } from '../../lib/api';

export { api } from '../../lib/account-api';

/**
 * The simulator's lead, for the simulator and its results. Apart from `api`, which every page
 * with a session loads: the sign-in pages do not download the simulator's answers schema.
 */
export const leads: () => LeadApi = areaClient(leadApi);
