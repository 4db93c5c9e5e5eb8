import { z } from '../zod';
import { HOUSEHOLD_LIMITS } from '../documents';
import {
  blankOr,
  boundedInt,
  boundedNumber,
  EMAIL_MESSAGES,
  emailSchema,
  isoDateSchema,
  objectError,
  optionalText,
  PHONE_MESSAGES,
  phoneSchema,
  TEXT_LIMITS,
} from './fields';

/** Income types of the review wizard: values as the spec spells them, labels as people read them. */
export const INCOME_TYPE_OPTIONS = [
  { value: 'Nomina', label: 'Nómina' },
  { value: 'Pension', label: 'Pensión' },
  { value: 'Ayuda', label: 'Ayuda' },
  { value: 'Prestacion Desempleo', label: 'Prestación por desempleo' },
  { value: 'Facturas', label: 'Facturas' },
  { value: 'No tiene ingresos', label: 'No tiene ingresos' },
] as const;
export const INCOME_TYPES = [
  'Nomina',
  'Pension',
  'Ayuda',
  'Prestacion Desempleo',
  'Facturas',
  'No tiene ingresos',
] as const;
export type IncomeType = (typeof INCOME_TYPES)[number];

/** Relationship of a non-holder member to the holder (docs/decisions/0158-review-form-options.md). */
export const RELATIONSHIP_OPTIONS = [
  { value: 'conyuge', label: 'Cónyuge' },
  { value: 'pareja-de-hecho', label: 'Pareja de hecho' },
  { value: 'hijo-hija', label: 'Hijo/Hija' },
] as const;
export const RELATIONSHIPS = ['conyuge', 'pareja-de-hecho', 'hijo-hija'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const REVIEW_MESSAGES = {
  required: 'Este campo es obligatorio',
  firstStepMissing: 'Por favor, complete los datos del primer paso antes de continuar.',
} as const;

export const incomeTypeSchema = z.enum(INCOME_TYPES, {
  error: 'Elige un tipo de ingresos de la lista',
});
export const relationshipSchema = z.enum(RELATIONSHIPS, {
  error: 'Elige una relación de la lista',
});

/** One index per possible person block: holders and the other household members together. */
export const PERSONA_INDICES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
] as const;
export type PersonaIndex = (typeof PERSONA_INDICES)[number];

type PersonaShape = {
  [I in PersonaIndex as `persona${I}Ingresos`]: z.ZodOptional<typeof incomeTypeSchema>;
} & {
  [I in PersonaIndex as `persona${I}Relacion`]: z.ZodOptional<typeof relationshipSchema>;
};

function personaShape(): PersonaShape {
  const shape: Record<
    string,
    z.ZodOptional<typeof incomeTypeSchema> | z.ZodOptional<typeof relationshipSchema>
  > = {};
  for (const i of PERSONA_INDICES) {
    shape[`persona${i}Ingresos`] = incomeTypeSchema.optional();
    shape[`persona${i}Relacion`] = relationshipSchema.optional();
  }
  return shape as PersonaShape;
}

const count = (max: number) =>
  boundedInt(1, max, {
    required: REVIEW_MESSAGES.required,
    invalid: 'Introduce un número entero',
    range: `Introduce un número entre 1 y ${max}`,
  });

const euros = (max: number) =>
  boundedNumber(0, max, {
    required: REVIEW_MESSAGES.required,
    invalid: 'Introduce un importe en euros',
    range: `Introduce un importe entre 0 y ${max.toLocaleString('es-ES')} €`,
  }).optional();

const nameText = optionalText(TEXT_LIMITS.name, 'No puede superar 100 caracteres');
const longerText = optionalText(TEXT_LIMITS.address, 'No puede superar 200 caracteres');

/** Step 4, 'Datos del gestor': every field optional. */
export const managerShape = {
  gestorNombre: nameText,
  gestorApellidos: nameText,
  gestorEmail: blankOr(emailSchema, EMAIL_MESSAGES.invalid),
  gestorTelefono: blankOr(phoneSchema, PHONE_MESSAGES.invalid),
  gestorDireccion: longerText,
};
export const managerSchema = z.strictObject(managerShape, { error: objectError });
export type Manager = z.infer<typeof managerSchema>;

/** Step 1 of the review wizard. */
export const reviewCountsSchema = z.strictObject(
  {
    numeroTitulares: count(HOUSEHOLD_LIMITS.maxTitulares),
    miembrosUnidadFamiliar: count(HOUSEHOLD_LIMITS.maxMiembros),
  },
  { error: objectError },
);
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

/**
 * The whole review wizard (steps 1 to 4). Only the counts are required: the spec shows no other
 * check, and the same schema validates the autosaved draft.
 */
export const reviewFormSchema = z.strictObject(
  {
    ...reviewCountsSchema.shape,
    nombre: nameText,
    apellidos: nameText,
    telefono: blankOr(phoneSchema, PHONE_MESSAGES.invalid),
    email: blankOr(emailSchema, EMAIL_MESSAGES.invalid),
    domicilio: longerText,
    bancoHipoteca: optionalText(120, 'No puede superar 120 caracteres'),
    plazoOriginalHipoteca: boundedInt(1, 50, {
      required: REVIEW_MESSAGES.required,
      invalid: 'Introduce el plazo en años enteros',
      range: 'Introduce un plazo entre 1 y 50 años',
    }).optional(),
    interesAnual: boundedNumber(0, 30, {
      required: REVIEW_MESSAGES.required,
      invalid: 'Introduce el interés anual en porcentaje',
      range: 'Introduce un interés entre 0 y 30 %',
    })
      .multipleOf(0.01, { error: 'El interés admite como máximo dos decimales' })
      .optional(),
    fechaVencimiento: isoDateSchema.optional(),
    pagoMensualHipoteca: euros(100_000),
    cuotaJunio2022: euros(100_000),
    cuotaHace4Anos: euros(100_000),
    cantidadPorPagar: euros(10_000_000),
    ingresosBrutosAnuales: euros(10_000_000),
    ingresosNetosAnuales: euros(10_000_000),
    ingresosHace4Anos: euros(10_000_000),
    ...personaShape(),
    ...managerShape,
  },
  { error: objectError },
);
export type ReviewForm = z.infer<typeof reviewFormSchema>;

export interface ReviewPerson {
  readonly index: PersonaIndex;
  readonly isHolder: boolean;
  readonly ingresosKey: `persona${PersonaIndex}Ingresos`;
  /** Only non-holder members say how they relate to the holder. */
  readonly relacionKey: `persona${PersonaIndex}Relacion` | null;
}

/**
 * The person blocks of step 3: max(holders, members) of them, holders first. Counts outside the
 * accepted range are clamped.
 */
export function reviewPersons(
  numeroTitulares: number,
  miembrosUnidadFamiliar: number,
): ReviewPerson[] {
  const clamp = (n: number, max: number) =>
    Number.isFinite(n) ? Math.min(max, Math.max(0, Math.trunc(n))) : 0;
  const titulares = clamp(numeroTitulares, HOUSEHOLD_LIMITS.maxTitulares);
  const total = Math.max(titulares, clamp(miembrosUnidadFamiliar, HOUSEHOLD_LIMITS.maxMiembros));
  return PERSONA_INDICES.slice(0, total).map((index) => {
    const isHolder = index <= titulares;
    return {
      index,
      isHolder,
      ingresosKey: `persona${index}Ingresos`,
      relacionKey: isHolder ? null : `persona${index}Relacion`,
    };
  });
}
