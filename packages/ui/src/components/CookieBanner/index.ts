export { CookieBanner } from './CookieBanner';
export type { CookieBannerProps, CookieChoice } from './CookieBanner';
export {
  CookieSettings,
  CookieSettingsDialog,
  cookiePreferencesForAll,
  defaultCookieCategories,
} from './CookieSettings';
export type {
  CookieCategory,
  CookiePreferences,
  CookieSettingsDialogProps,
  CookieSettingsProps,
} from './CookieSettings';
