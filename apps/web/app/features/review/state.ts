import {
  parseSpanishNumber,
  REVIEW_FIELD_NAMES,
  REVIEW_MESSAGES,
  REVIEW_TABS,
  reviewFieldNameSchema,
  reviewFieldPlace,
  reviewFormFromValues,
  reviewPersons,
  reviewWizardValueSchema,
  personFields,
  type ReviewDraft,
  type ReviewDraftRequest,
  type ReviewDraftValues,
  type ReviewFieldName,
  type ReviewPerson,
  type ReviewStep,
  type ReviewTab,
} from '@cbp/core';

export const STEP_COUNT = 4;

/** What the wizard keeps on the server: the values as typed and where the person is. */
export interface WizardValue {
  readonly valores: ReviewDraftValues;
  readonly paso: ReviewStep;
  /** The tab of step 2; kept on the other steps too (the first one, since each move resets it). */
  readonly pestana: ReviewTab;
}

export type FieldErrors = Partial<Record<ReviewFieldName, string>>;

export const COUNT_FIELDS = ['numeroTitulares', 'miembrosUnidadFamiliar'] as const;

/** The fields of each tab of step 2, in the order of the screen. */
export const TAB_FIELDS: Readonly<Record<ReviewTab, readonly ReviewFieldName[]>> = {
  personales: ['nombre', 'apellidos', 'telefono', 'email', 'domicilio'],
  hipoteca: [
    'bancoHipoteca',
    'cantidadPorPagar',
    'plazoOriginalHipoteca',
    'interesAnual',
    'fechaVencimiento',
    'pagoMensualHipoteca',
    'cuotaJunio2022',
    'cuotaHace4Anos',
  ],
  economicos: ['ingresosBrutosAnuales', 'ingresosNetosAnuales', 'ingresosHace4Anos'],
};

export const MANAGER_FIELDS = [
  'gestorNombre',
  'gestorApellidos',
  'gestorEmail',
  'gestorTelefono',
  'gestorDireccion',
] as const satisfies readonly ReviewFieldName[];

export const EURO_FIELDS: ReadonlySet<ReviewFieldName> = new Set<ReviewFieldName>([
  'pagoMensualHipoteca',
  'cuotaJunio2022',
  'cuotaHace4Anos',
  'cantidadPorPagar',
  'ingresosBrutosAnuales',
  'ingresosNetosAnuales',
  'ingresosHace4Anos',
]);

/** The name of this browser's copy of a case's unsaved review changes. */
export function reviewCopyName(leadId: string): string {
  return `revision:${leadId}`;
}

/** The element id of a field's control, for error summaries and 'Cambiar'. */
export function fieldId(field: ReviewFieldName): string {
  return `revision-${field}`;
}

// ---------------------------------------------------------------------------------------
// From and to the server

export function fromDraft(draft: Pick<ReviewDraft, 'valores' | 'paso' | 'pestana'>): WizardValue {
  return { valores: draft.valores, paso: draft.paso, pestana: draft.pestana };
}

export function toRequest(value: WizardValue, revision: number): ReviewDraftRequest {
  return { valores: value.valores, paso: value.paso, pestana: value.pestana, revision };
}

/** A value kept in this browser's copy, checked like the server checks a save; else null. */
export function readStoredValue(stored: unknown): WizardValue | null {
  const parsed = reviewWizardValueSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** A field's new text; an emptied field leaves the values, as the server keeps them. */
export function withField(
  valores: ReviewDraftValues,
  field: ReviewFieldName,
  text: string,
): ReviewDraftValues {
  return text.trim() === '' ? withoutKey(valores, field) : { ...valores, [field]: text };
}

/** A copy of a record without one key. */
export function withoutKey<Key extends string, Item>(
  record: Partial<Record<Key, Item>>,
  key: Key,
): Partial<Record<Key, Item>> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key)) as Partial<
    Record<Key, Item>
  >;
}

/**
 * After another device saved in between: its values, with what this device changed since the
 * last value both shared on top; this device's step and tab (the person is here).
 */
export function mergeValues(
  base: WizardValue,
  mine: WizardValue,
  theirs: WizardValue,
): WizardValue {
  let valores = theirs.valores;
  for (const field of REVIEW_FIELD_NAMES) {
    const own = mine.valores[field];
    if (own === base.valores[field]) continue;
    valores = own === undefined ? withoutKey(valores, field) : { ...valores, [field]: own };
  }
  return { valores, paso: mine.paso, pestana: mine.pestana };
}

// ---------------------------------------------------------------------------------------
// Steps, tabs and person blocks

/** The person blocks of step 3, or null while a count is missing or not a usable number. */
export function personsOf(valores: ReviewDraftValues): ReviewPerson[] | null {
  const check = reviewFormFromValues(valores);
  if (!check.ok && COUNT_FIELDS.some((field) => check.errors[field] !== undefined)) return null;
  const [titulares, miembros] = COUNT_FIELDS.map((field) =>
    parseSpanishNumber(valores[field] ?? ''),
  );
  return reviewPersons(titulares ?? 0, miembros ?? 0);
}

/** 'Titular 2', or 'Miembro 1' for the first member who is not a holder (as the documents do). */
export function personLabel(person: ReviewPerson, persons: readonly ReviewPerson[]): string {
  if (person.isHolder) return `Titular ${String(person.index)}`;
  const holders = persons.filter((candidate) => candidate.isHolder).length;
  return `Miembro ${String(person.index - holders)}`;
}

/** The note of step 3: how many other members are shown, or that only the holders are. */
export function personsNote(persons: readonly ReviewPerson[]): string {
  const holders = persons.filter((person) => person.isHolder).length;
  const others = persons.length - holders;
  const holdersText = holders === 1 ? 'del titular' : `de los ${String(holders)} titulares`;
  if (others === 0) {
    return holders === 1
      ? 'Se muestra solo el titular: la unidad familiar no tiene más miembros.'
      : `Se muestran solo los ${String(holders)} titulares: la unidad familiar no tiene más miembros.`;
  }
  const othersText = others === 1 ? '1 miembro más' : `${String(others)} miembros más`;
  return `Además ${holdersText}, se muestra${others === 1 ? '' : 'n'} ${othersText} de la unidad familiar.`;
}

/** The fields a step (and, on step 2, a tab) shows, in the order of the screen. */
export function fieldsAt(
  paso: ReviewStep,
  pestana: ReviewTab | null,
  valores: ReviewDraftValues,
): ReviewFieldName[] {
  switch (paso) {
    case 1:
      return [...COUNT_FIELDS];
    case 2:
      return pestana === null
        ? REVIEW_TABS.flatMap((tab) => TAB_FIELDS[tab])
        : [...TAB_FIELDS[pestana]];
    case 3:
      return (personsOf(valores) ?? []).flatMap(personFields);
    case 4:
      return [...MANAGER_FIELDS];
  }
}

/** Every field the wizard asks with these counts, in the order a person meets them. */
export function wizardFields(valores: ReviewDraftValues): ReviewFieldName[] {
  return ([1, 2, 3, 4] as const).flatMap((paso) => fieldsAt(paso, null, valores));
}

/** Siguiente: step 2 walks its tabs before step 3; each step change starts on the first tab. */
export function nextPlace(value: WizardValue): WizardValue {
  if (value.paso === 2) {
    const index = REVIEW_TABS.indexOf(value.pestana);
    const following = REVIEW_TABS[index + 1];
    if (following !== undefined) return { ...value, pestana: following };
  }
  if (value.paso === STEP_COUNT) return value;
  return { ...value, paso: (value.paso + 1) as ReviewStep, pestana: REVIEW_TABS[0] };
}

/** Anterior: one step back (never below 1), on the first tab. */
export function previousPlace(value: WizardValue): WizardValue {
  if (value.paso === 1) return value;
  return { ...value, paso: (value.paso - 1) as ReviewStep, pestana: REVIEW_TABS[0] };
}

/** Where a field is asked, as a wizard position. */
export function placeOfField(value: WizardValue, field: ReviewFieldName): WizardValue {
  const place = reviewFieldPlace(field);
  return { ...value, paso: place.paso, pestana: place.pestana ?? REVIEW_TABS[0] };
}

/** Why the person cannot go on from here yet: field messages, or the step's own message. */
export interface PlaceProblem {
  readonly errors: FieldErrors;
  /** On step 3 without usable counts: the spec's message, with no field of its own. */
  readonly message: string | null;
}

function errorsIn(errors: FieldErrors, fields: readonly ReviewFieldName[]): FieldErrors {
  const found: FieldErrors = {};
  for (const field of fields) {
    const message = errors[field];
    if (message !== undefined) found[field] = message;
  }
  return found;
}

/**
 * What blocks Siguiente (or 'Finalizar revisión' on step 4) from the current place: the
 * problems of the fields shown there. Empty counts give 'Este campo es obligatorio'; the other
 * fields may stay empty, but what is typed must be usable. Null when the person may go on.
 */
export function placeProblem(value: WizardValue): PlaceProblem | null {
  const check = reviewFormFromValues(value.valores);
  if (value.paso === 3 && personsOf(value.valores) === null) {
    return { errors: {}, message: REVIEW_MESSAGES.firstStepMissing };
  }
  if (check.ok) return null;
  const pestana = value.paso === 2 ? value.pestana : null;
  const errors = errorsIn(check.errors, fieldsAt(value.paso, pestana, value.valores));
  return Object.keys(errors).length === 0 ? null : { errors, message: null };
}

/**
 * The check before 'Finalizar revisión' (the server makes the same): every problem, and the
 * place of the first one in the order of the wizard. Null when the review can be finalized.
 */
export interface Problems {
  readonly errors: FieldErrors;
  /** The first field with a problem, in the order of the wizard, and its place. */
  readonly first: ReviewFieldName;
  readonly place: WizardValue;
}

export function reviewProblems(value: WizardValue): Problems | null {
  const check = reviewFormFromValues(value.valores);
  if (check.ok) return null;
  return problemsAt(value, check.errors);
}

/**
 * Field messages (the wizard's or the server's, from a refused 'Finalizar revisión') with the
 * place of the first one; unknown names are left out. Null when none is left.
 */
export function problemsAt(
  value: WizardValue,
  messages: Readonly<Record<string, string>>,
): Problems | null {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(messages)) {
    const field = reviewFieldNameSchema.safeParse(name);
    if (field.success) errors[field.data] = message;
  }
  const order = wizardFields(value.valores);
  const first =
    order.find((field) => errors[field] !== undefined) ??
    REVIEW_FIELD_NAMES.find((field) => errors[field] !== undefined);
  return first === undefined ? null : { errors, first, place: placeOfField(value, first) };
}

/** The errors of the fields shown at a place, in screen order, for its error summary. */
export function errorsAtPlace(value: WizardValue, errors: FieldErrors): ReviewFieldName[] {
  const pestana = value.paso === 2 ? value.pestana : null;
  return fieldsAt(value.paso, pestana, value.valores).filter(
    (field) => errors[field] !== undefined,
  );
}
