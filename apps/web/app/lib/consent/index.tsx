export { ConsentVideo } from './ConsentVideo';
export type { ConsentVideoProps } from './ConsentVideo';
export { CookieConsent } from './CookieConsent';
export { COOKIE_SETTINGS_HASH } from './settings-hash';
export { CONSENT_MAX_AGE_MONTHS, CONSENT_STORAGE_KEY, CONSENT_VERSION } from './record';
export type { ConsentChoices, OptionalCategory } from './record';
export { openCookieSettings, useConsent } from './use-consent';
export type { Consent } from './use-consent';
