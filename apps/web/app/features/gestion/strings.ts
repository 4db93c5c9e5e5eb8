import { isApiError, STAFF_MESSAGES } from '@cbp/core';

export const GESTION_TEXT = {
  brand: 'Gestión del despacho',
  navLabel: 'Gestión',
  loadFailed: 'No hemos podido cargar los datos.',
  retry: 'Reintentar',
  saveFailed: 'No hemos podido guardar los cambios. Inténtalo de nuevo.',
  loading: 'Cargando...',
} as const;

/** What a failure says to staff: the server's Spanish message, or a general one. */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403) return error.message || STAFF_MESSAGES.forbidden;
    return error.message;
  }
  return GESTION_TEXT.loadFailed;
}
