import type { AppConfig } from '../config';

const localOrigin = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Whether a browser page of `origin` may call the API: the configured origins, and outside
 * production any page of this machine. CORS and the staff cookie's check share it.
 */
export function originAllowed(
  config: Pick<AppConfig, 'allowedOrigins' | 'production'>,
  origin: string,
) {
  return config.allowedOrigins.includes(origin) || (!config.production && localOrigin.test(origin));
}
