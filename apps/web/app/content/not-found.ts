/** What every "not found" view says: the public 404 page and the root error boundary. */
export const NOT_FOUND = {
  title: 'Página no encontrada',
  message: 'La dirección que has abierto no existe o ha cambiado.',
} as const;
