// Apart from the area's client: the sign-in and password pages show these before they have
// loaded the client and its schemas (zod), which they load only when a person sends.

/** What this area's calls show when a non-OK answer brings no message of its own. */
export const ACCOUNT_FALLBACK_MESSAGES = {
  login: 'Error al iniciar sesión',
  requestPasswordReset: 'Error al solicitar el reseteo de contraseña',
  updatePassword: 'Error al actualizar la contraseña',
  passwordLink: 'No hemos podido comprobar el enlace',
  verify: 'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.',
  refresh: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  logout: 'Error al cerrar la sesión',
} as const;
