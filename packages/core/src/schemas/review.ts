import { z } from '../zod';
import { HOUSEHOLD_LIMITS } from '../documents/checklist';
import { parseSpanishNumber } from '../format/parse';
import {
  blankOr,
  boundedInt,
  boundedNumber,
  EMAIL_MESSAGES,
  emailSchema,
  isoDateSchema,
  isoDateTimeSchema,
  objectError,
  optionalText,
  PHONE_MESSAGES,
  phoneSchema,
  TEXT_CHARACTERS_MESSAGE,
  TEXT_LIMITS,
  hasOnlyVisibleText,
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
  { value: 'otro-familiar', label: 'Otro familiar hasta el tercer grado' },
] as const;
export const RELATIONSHIPS = ['conyuge', 'pareja-de-hecho', 'hijo-hija', 'otro-familiar'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/**
 * A yes/no answer of step 3 (decision 0631): whether a person has a recognised disability,
 * dependency or incapacity, and whether a member who is not a holder is a minor.
 */
export const YES_NO_OPTIONS = [
  { value: 'si', label: 'Sí' },
  { value: 'no', label: 'No' },
] as const;
export const YES_NO = ['si', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

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
export const yesNoSchema = z.enum(YES_NO, { error: 'Elige sí o no' });

/** One index per possible person block: holders and the other household members together. */
export const PERSONA_INDICES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
] as const;
export type PersonaIndex = (typeof PERSONA_INDICES)[number];

type PersonaShape = {
  [I in PersonaIndex as `persona${I}Ingresos`]: z.ZodMiniOptional<typeof incomeTypeSchema>;
} & {
  [I in PersonaIndex as `persona${I}Relacion`]: z.ZodMiniOptional<typeof relationshipSchema>;
} & {
  [I in PersonaIndex as `persona${I}Discapacidad`]: z.ZodMiniOptional<typeof yesNoSchema>;
} & {
  [I in PersonaIndex as `persona${I}Menor`]: z.ZodMiniOptional<typeof yesNoSchema>;
};

function personaShape(): PersonaShape {
  const shape: Record<
    string,
    | z.ZodMiniOptional<typeof incomeTypeSchema>
    | z.ZodMiniOptional<typeof relationshipSchema>
    | z.ZodMiniOptional<typeof yesNoSchema>
  > = {};
  for (const i of PERSONA_INDICES) {
    shape[`persona${i}Ingresos`] = z.optional(incomeTypeSchema);
    shape[`persona${i}Relacion`] = z.optional(relationshipSchema);
    shape[`persona${i}Discapacidad`] = z.optional(yesNoSchema);
    shape[`persona${i}Menor`] = z.optional(yesNoSchema);
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
  z.optional(
    boundedNumber(0, max, {
      required: REVIEW_MESSAGES.required,
      invalid: 'Introduce un importe en euros',
      range: `Introduce un importe entre 0 y ${max.toLocaleString('es-ES')} €`,
    }),
  );

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
    plazoOriginalHipoteca: z.optional(
      boundedInt(1, 50, {
        required: REVIEW_MESSAGES.required,
        invalid: 'Introduce el plazo en años enteros',
        range: 'Introduce un plazo entre 1 y 50 años',
      }),
    ),
    interesAnual: z.optional(
      boundedNumber(0, 30, {
        required: REVIEW_MESSAGES.required,
        invalid: 'Introduce el interés anual en porcentaje',
        range: 'Introduce un interés entre 0 y 30 %',
      }).check(z.multipleOf(0.01, { error: 'El interés admite como máximo dos decimales' })),
    ),
    fechaVencimiento: z.optional(isoDateSchema),
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
  /** Recognised disability, dependency or incapacity: asked of everyone. */
  readonly discapacidadKey: `persona${PersonaIndex}Discapacidad`;
  /** Only non-holder members say whether they are minors: holders sign the mortgage. */
  readonly menorKey: `persona${PersonaIndex}Menor` | null;
}

/** The fields of one person block, in the order the wizard asks them. */
export function personFields(person: ReviewPerson): ReviewFieldName[] {
  return [
    person.ingresosKey,
    ...(person.relacionKey === null ? [] : [person.relacionKey]),
    ...(person.menorKey === null ? [] : [person.menorKey]),
    person.discapacidadKey,
  ];
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
      discapacidadKey: `persona${index}Discapacidad`,
      menorKey: isHolder ? null : `persona${index}Menor`,
    };
  });
}

/** Every field of the review form, by the spec's name. */
export const reviewFieldNameSchema = z.keyof(reviewFormSchema);
export type ReviewFieldName = z.infer<typeof reviewFieldNameSchema>;
export const REVIEW_FIELD_NAMES: readonly ReviewFieldName[] = reviewFieldNameSchema.options;

export const REVIEW_STEPS = [1, 2, 3, 4] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];

/** The three tabs of step 2, 'Revisión de Datos', in the order Siguiente walks them. */
export const REVIEW_TABS = ['personales', 'hipoteca', 'economicos'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];
export const REVIEW_TAB_LABELS: Record<ReviewTab, string> = {
  personales: 'Datos Personales',
  hipoteca: 'Datos Hipoteca',
  economicos: 'Datos Económicos',
};

/** Where each field is asked: its step and, on step 2, its tab ('Cambiar' goes back there). */
export function reviewFieldPlace(field: ReviewFieldName): {
  paso: ReviewStep;
  pestana: ReviewTab | null;
} {
  if (field === 'numeroTitulares' || field === 'miembrosUnidadFamiliar') {
    return { paso: 1, pestana: null };
  }
  if (field.startsWith('gestor')) return { paso: 4, pestana: null };
  if (field.startsWith('persona')) return { paso: 3, pestana: null };
  const personales: readonly string[] = ['nombre', 'apellidos', 'telefono', 'email', 'domicilio'];
  const economicos: readonly string[] = [
    'ingresosBrutosAnuales',
    'ingresosNetosAnuales',
    'ingresosHace4Anos',
  ];
  if (personales.includes(field)) return { paso: 2, pestana: 'personales' };
  if (economicos.includes(field)) return { paso: 2, pestana: 'economicos' };
  return { paso: 2, pestana: 'hipoteca' };
}

const typedValue = z
  .string({ error: 'Introduce un texto' })
  .check(
    z.maxLength(300, { error: 'No puede superar 300 caracteres' }),
    z.refine(hasOnlyVisibleText, { error: TEXT_CHARACTERS_MESSAGE }),
  );

/**
 * The wizard's fields exactly as typed (text, even for numbers: "1.234,56"), so a draft keeps
 * what the person wrote even before it is valid. Empty fields are left out.
 */
export const reviewDraftValuesSchema = z.partialRecord(reviewFieldNameSchema, typedValue);
export type ReviewDraftValues = z.infer<typeof reviewDraftValuesSchema>;

/** Where a value kept in the draft came from, when the product filled it in. */
export const REVIEW_PREFILL_SOURCES = ['contacto', 'calculadora', 'documentos'] as const;
export type ReviewPrefillSource = (typeof REVIEW_PREFILL_SOURCES)[number];

/** PUT /api/expediente/revision: the autosave. */
export const reviewDraftRequestSchema = z.strictObject(
  {
    valores: reviewDraftValuesSchema,
    paso: z.union(
      REVIEW_STEPS.map((step) => z.literal(step)),
      { error: 'El paso no es válido' },
    ),
    pestana: z.enum(REVIEW_TABS, { error: 'La pestaña no es válida' }),
    /**
     * The browser's counter of its edits: the server keeps a save only if its revision is newer
     * than the one it holds, so a retried or late save changes nothing (ordered, idempotent).
     */
    revision: z
      .int({ error: 'La revisión no es válida' })
      .check(z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)),
  },
  { error: objectError },
);
export type ReviewDraftRequest = z.infer<typeof reviewDraftRequestSchema>;

/** The autosave without its revision: the wizard's place and values, as a browser keeps them. */
export const reviewWizardValueSchema = z.omit(reviewDraftRequestSchema, { revision: true });

/** The review as the server keeps it. */
export const reviewDraftSchema = z.object({
  valores: reviewDraftValuesSchema,
  paso: z.union(REVIEW_STEPS.map((step) => z.literal(step))),
  pestana: z.enum(REVIEW_TABS),
  /** 0 when nothing was saved yet (the values are then the product's prefill). */
  revision: z.int().check(z.gte(0)),
  /** The fields the product filled in, and from where; each can be changed. */
  prefill: z.partialRecord(reviewFieldNameSchema, z.enum(REVIEW_PREFILL_SOURCES)),
  actualizado: z.nullable(isoDateTimeSchema),
  /** When 'Finalizar revisión' was accepted; null again after any later change. */
  finalizada: z.nullable(isoDateTimeSchema),
  /** The file was sent: changes are refused until the firm reopens it. */
  bloqueado: z.boolean(),
});
export type ReviewDraft = z.infer<typeof reviewDraftSchema>;

/** GET and PUT /api/expediente/revision, POST /api/expediente/revision/finalizar. */
export const reviewDraftResponseSchema = z.object({ data: reviewDraftSchema });

export type ReviewFormCheck =
  | { readonly ok: true; readonly form: ReviewForm }
  | { readonly ok: false; readonly errors: Partial<Record<ReviewFieldName, string>> };

const NUMERIC_FIELDS = new Set<ReviewFieldName>([
  'numeroTitulares',
  'miembrosUnidadFamiliar',
  'plazoOriginalHipoteca',
  'interesAnual',
  'pagoMensualHipoteca',
  'cuotaJunio2022',
  'cuotaHace4Anos',
  'cantidadPorPagar',
  'ingresosBrutosAnuales',
  'ingresosNetosAnuales',
  'ingresosHace4Anos',
]);

/**
 * Reads the typed values as the review form: numbers the Spanish way ("1.234,56"), empty
 * fields left out. Used by the wizard before 'Finalizar revisión' and by the server, which
 * accepts the review only when this passes. Person fields beyond the counts are ignored.
 */
export function reviewFormFromValues(valores: ReviewDraftValues): ReviewFormCheck {
  const candidate: Record<string, unknown> = {};
  for (const field of REVIEW_FIELD_NAMES) {
    const typed = valores[field]?.trim() ?? '';
    if (typed === '') continue;
    candidate[field] = NUMERIC_FIELDS.has(field) ? parseSpanishNumber(typed) : typed;
  }
  const persons = reviewPersons(
    typeof candidate.numeroTitulares === 'number' ? candidate.numeroTitulares : 0,
    typeof candidate.miembrosUnidadFamiliar === 'number' ? candidate.miembrosUnidadFamiliar : 0,
  );
  const shown = new Set<string>(persons.flatMap(personFields));
  const asked = Object.fromEntries(
    Object.entries(candidate).filter(([key]) => !key.startsWith('persona') || shown.has(key)),
  );
  const parsed = reviewFormSchema.safeParse(asked);
  const errors: Partial<Record<ReviewFieldName, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = reviewFieldNameSchema.safeParse(issue.path[0]);
      if (field.success && errors[field.data] === undefined) errors[field.data] = issue.message;
    }
  }
  // Every fact of a person block is required: the letter and the checklist depend on them
  // (decision 0630). A value that is there but wrong keeps its own message. With counts that
  // are not valid the blocks are not known yet: the counts' own messages come first.
  const countsValid = reviewCountsSchema.safeParse({
    numeroTitulares: candidate.numeroTitulares,
    miembrosUnidadFamiliar: candidate.miembrosUnidadFamiliar,
  }).success;
  for (const field of countsValid ? shown : []) {
    const name = reviewFieldNameSchema.parse(field);
    if (asked[name] === undefined && errors[name] === undefined) {
      errors[name] = REVIEW_MESSAGES.required;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, form: parsed.data };
  return { ok: false, errors };
}

/** 'Titular 2' or 'Miembro 1' for a person block, as step 3 and the letter name them. */
export function reviewPersonLabel(person: ReviewPerson, numeroTitulares: number): string {
  return person.isHolder
    ? `Titular ${String(person.index)}`
    : `Miembro ${String(person.index - Math.trunc(numeroTitulares))}`;
}

const PERSON_FACT_NAMES: Readonly<
  Record<'Ingresos' | 'Relacion' | 'Menor' | 'Discapacidad', string>
> = {
  Ingresos: 'el tipo de ingresos',
  Relacion: 'la relación con el titular',
  Menor: 'si es menor de edad',
  Discapacidad: 'si tiene reconocida una discapacidad, dependencia o incapacidad',
};

/**
 * The person facts still unanswered, as a sentence naming whose and what: 'Falta indicar el
 * tipo de ingresos (Titular 1) y la relación con el titular (Miembro 1).' Null when none is
 * missing or the counts are not valid (their own messages say so).
 */
export function missingPersonFactsMessage(
  valores: ReviewDraftValues,
  errors: Partial<Record<ReviewFieldName, string>>,
): string | null {
  const titulares = parseSpanishNumber(valores.numeroTitulares ?? '');
  const miembros = parseSpanishNumber(valores.miembrosUnidadFamiliar ?? '');
  const parts: string[] = [];
  for (const person of reviewPersons(titulares, miembros)) {
    for (const field of personFields(person)) {
      if (errors[field] !== REVIEW_MESSAGES.required) continue;
      const fact = /^persona\d+(Ingresos|Relacion|Menor|Discapacidad)$/.exec(field)?.[1];
      if (fact === undefined) continue;
      parts.push(
        `${PERSON_FACT_NAMES[fact as keyof typeof PERSON_FACT_NAMES]} (${reviewPersonLabel(person, titulares)})`,
      );
    }
  }
  if (parts.length === 0) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1) ?? ''}`;
  return `Falta indicar ${list ?? ''}.`;
}
