/** The two codes of good practices a household can ask for, by the id the API uses. */
export const CODE_IDS = ['cbp2012', 'cbp2022'] as const;
export type CodeId = (typeof CODE_IDS)[number];

export const CODE_NAMES: Readonly<Record<CodeId, string>> = {
  cbp2012: 'Código de Buenas Prácticas de 2012',
  cbp2022: 'Código de Buenas Prácticas de 2022',
};
