// The helper moved to plugins/rate-limit; documents/routes still imports it from here.
export { rateLimitPerAccount } from '../plugins/rate-limit';
