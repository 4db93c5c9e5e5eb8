import type { OptionalCategory } from './record';

export type StorageCategory = 'tecnica' | OptionalCategory;

/** The categories as the banner, the settings and the cookies policy name them. */
export const CATEGORY_TEXT: Readonly<
  Record<StorageCategory, { title: string; description: string; required: boolean }>
> = {
  tecnica: {
    title: 'Técnicas',
    description:
      'Imprescindibles para que el sitio funcione: guardan tu elección sobre las cookies, tus respuestas del simulador y tu sesión del área de clientes. No necesitan tu consentimiento y no se pueden desactivar.',
    required: true,
  },
  videos: {
    title: 'Vídeos de YouTube',
    description:
      'Permiten ver aquí los vídeos de nuestros clientes. Al reproducir uno, YouTube (Google) puede instalar sus propias cookies para medir visualizaciones y recordar tus preferencias del reproductor.',
    required: false,
  },
};
