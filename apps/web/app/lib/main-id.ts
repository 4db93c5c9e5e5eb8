/** The `id` of every layout's `<main>`, where the skip link and navigation focus go. */
export const MAIN_ID = 'contenido-principal';
