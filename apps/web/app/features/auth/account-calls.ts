/**
 * What the sign-in and password pages run only once a person sends, or once a link is checked:
 * core's request schemas and the account API, with zod behind them. The pages load it with
 * `loadAccountCalls`, so their first load carries none of it.
 */
export { loginRequestSchema, newPasswordFormSchema, resetPasswordRequestSchema } from '@cbp/core';
export { api } from '../../lib/account-api';
