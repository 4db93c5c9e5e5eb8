import { AUTH_SCREEN_MESSAGES, type PasswordLinkPurpose } from '@cbp/core';

export interface PasswordPageWording {
  readonly title: string;
  readonly password: string;
  readonly confirmation: string;
  /** What the page says once the password is saved. */
  readonly success: string;
}

/**
 * The password page's words for each kind of link: the welcome e-mail's says "Crea tu
 * contraseña" and its page confirms a created password; the reset keeps the spec's words.
 */
export const PASSWORD_PAGE_WORDING: Readonly<
  Record<PasswordLinkPurpose | 'unknown', PasswordPageWording>
> = {
  crear: {
    title: 'Crea tu contraseña',
    password: 'Contraseña',
    confirmation: 'Repite la contraseña',
    success: 'Contraseña creada correctamente',
  },
  restablecer: {
    title: 'Elige tu nueva contraseña',
    password: 'Nueva contraseña',
    confirmation: 'Repite la nueva contraseña',
    success: AUTH_SCREEN_MESSAGES.passwordUpdated,
  },
  // The server could not say what the link is for: words that fit both.
  unknown: {
    title: 'Tu contraseña',
    password: 'Contraseña',
    confirmation: 'Repite la contraseña',
    success: 'Contraseña guardada correctamente',
  },
};

/**
 * When the code a form sends with is gone because a new version went live: sending again cannot
 * work, reloading the page does.
 */
export const OUTDATED_ACCOUNT_PAGE =
  'Hemos actualizado la web mientras la usabas. Recarga la página para cargar la versión nueva y vuelve a intentarlo.';
