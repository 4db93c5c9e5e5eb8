import {
  API_ERROR_MESSAGES,
  API_FALLBACK_MESSAGES,
  AUTH_SCREEN_MESSAGES,
  RECOVERY_MESSAGES,
} from '@cbp/core';

/** An error whose message is safe to show to the person using the product. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const messages = {
  internal: 'Se ha producido un error interno. Inténtalo de nuevo más tarde.',
  notFound: 'No se ha encontrado el recurso solicitado.',
  invalidJson: 'El cuerpo de la petición no es un JSON válido.',
  emptyBody: 'El cuerpo de la petición está vacío.',
  bodyTooLarge: 'La petición es demasiado grande.',
  unsupportedMediaType:
    'Tipo de contenido no admitido: envía los datos como JSON (application/json).',
  methodNotAllowed: 'Método no permitido.',
  badRequest: 'La petición no es válida.',
  badUrl: 'La dirección de la petición no es válida.',
  urlTooLong: 'La dirección de la petición es demasiado larga.',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes.',
  requestTimeout: 'La petición ha tardado demasiado en llegar. Inténtalo de nuevo.',
  serviceUnavailable:
    'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  tooManyRequests: (minutes: number) =>
    minutes <= 1
      ? 'Has hecho demasiadas solicitudes. Espera un minuto y vuelve a intentarlo.'
      : `Has hecho demasiadas solicitudes. Espera ${minutes} minutos y vuelve a intentarlo.`,
  unauthorized: API_FALLBACK_MESSAGES.verify,
  missingToken: 'Falta la cabecera Authorization con el token de acceso.',
  invalidCredentials: API_ERROR_MESSAGES.invalidCredentials,
  loginOk: 'Inicio de sesión correcto',
  refreshInvalid: API_FALLBACK_MESSAGES.verify,
  logoutOk: 'Sesión cerrada correctamente',
  resetRequested: AUTH_SCREEN_MESSAGES.resetRequested,
  passwordUpdated: AUTH_SCREEN_MESSAGES.passwordUpdated,
  invalidTokenType: RECOVERY_MESSAGES.invalidType,
  recoveryLinkInvalid: RECOVERY_MESSAGES.invalidLink,
  leadCreated: 'Datos recibidos correctamente',
  leadNotFound: 'No se ha encontrado el lead.',
  idempotencyKeyInvalid:
    'La cabecera Idempotency-Key no es válida: usa entre 8 y 200 caracteres visibles.',
  idempotencySessionUsed:
    'Estos datos ya se recibieron y la sesión que se creó con ellos ya se ha usado. Inicia sesión o vuelve a empezar el simulador.',
  idempotencyConflict:
    'Esta clave de idempotencia ya se usó con otros datos. Genera una clave nueva para un envío distinto.',
} as const;
