/** Where the simulator's draft is kept; apart from the draft so the cookie policy can name it without the simulator's code. */
export const DRAFT_STORAGE_KEY = 'cbp:simulador';
