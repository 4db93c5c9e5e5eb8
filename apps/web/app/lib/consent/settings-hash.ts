/** The fragment that opens the settings: the footer links to /politica-cookies#configurar-cookies. */
export const COOKIE_SETTINGS_HASH = 'configurar-cookies';
