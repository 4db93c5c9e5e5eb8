/** The five disability answers of the calculator, spelled exactly as the spec shows them. */
export const DISCAPACIDAD_OPTIONS = [
  'No',
  'Sí, superior al 33%',
  'Sí, superior al 65%',
  'Sí, discapacidad intelectual o enfermedad mental igual o superior al 33%',
  'Sí, discapacidad física o sensorial igual o superior al 65%',
] as const;

export type Discapacidad = (typeof DISCAPACIDAD_OPTIONS)[number];

export const DISCAPACIDAD_DEFAULT: Discapacidad = 'No';

export function isDiscapacidad(value: unknown): value is Discapacidad {
  return typeof value === 'string' && (DISCAPACIDAD_OPTIONS as readonly string[]).includes(value);
}
