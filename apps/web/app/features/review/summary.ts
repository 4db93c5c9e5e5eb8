import {
  findBank,
  formatDate,
  formatEuros,
  formatNumber,
  formatPercent,
  INCOME_TYPE_OPTIONS,
  parseSpanishNumber,
  RELATIONSHIP_OPTIONS,
  REVIEW_MESSAGES,
  REVIEW_TAB_LABELS,
  REVIEW_TABS,
  personFields,
  YES_NO_OPTIONS,
  type ReviewDraft,
  type ReviewDraftValues,
  type ReviewFieldName,
  type ReviewPrefillSource,
  type ReviewStep,
} from '@cbp/core';

import {
  FIELD_LABELS,
  DISABILITY_LABEL,
  INCOME_LABEL,
  MINOR_LABEL,
  MANAGER_SECTION,
  MEMBERS_SECTION,
  NOT_GIVEN,
  PERSONS_SECTION,
  RELATIONSHIP_LABEL,
  STEP_HEADINGS,
} from './strings';
import {
  COUNT_FIELDS,
  TAB_FIELDS,
  MANAGER_FIELDS,
  EURO_FIELDS,
  personsOf,
  personLabel,
  fieldsAt,
} from './state';

// ---------------------------------------------------------------------------------------
// Labels and the summary

/** What a field is called on its own ('Número de titulares', 'Tipo de ingresos (Titular 1)'). */
export function fieldLabel(field: ReviewFieldName, valores: ReviewDraftValues): string {
  const own = FIELD_LABELS[field];
  if (own !== undefined) return own;
  const persons = personsOf(valores) ?? [];
  const person = persons.find((candidate) => personFields(candidate).includes(field));
  const label = field.endsWith('Ingresos')
    ? INCOME_LABEL
    : field.endsWith('Relacion')
      ? RELATIONSHIP_LABEL
      : field.endsWith('Menor')
        ? MINOR_LABEL
        : DISABILITY_LABEL;
  return person === undefined ? label : `${label} (${personLabel(person, persons)})`;
}

/** What a 'Cambiar' changes, in words, after 'Cambiar': 'número de titulares'. */
export function changeContext(field: ReviewFieldName, valores: ReviewDraftValues): string {
  if ((MANAGER_FIELDS as readonly string[]).includes(field)) {
    return `${(FIELD_LABELS[field] ?? field).toLowerCase()} del gestor`;
  }
  const label = fieldLabel(field, valores);
  const person = /^(.*) \((Titular|Miembro) (\d+)\)$/.exec(label);
  if (person !== null) {
    const [, what = '', kind = '', number = ''] = person;
    const whose = `${kind.toLowerCase()} ${number}`;
    if (field.endsWith('Menor')) return `si el ${whose} es menor de edad`;
    if (field.endsWith('Discapacidad')) {
      return `si el ${whose} tiene reconocida una discapacidad, dependencia o incapacidad`;
    }
    return `${what.toLowerCase()} del ${whose}`;
  }
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function optionLabel(
  options: readonly { readonly value: string; readonly label: string }[],
  text: string,
): string {
  return options.find((option) => option.value === text)?.label ?? text;
}

/**
 * An answer as a person reads it, es-ES: '1.234,56 €', '3,25 %', '26/11/2026', '30 años', an
 * option by its label, a bank by its name. A value that cannot be read is shown as typed.
 */
export function formatAnswer(field: ReviewFieldName, text: string | undefined): string {
  const typed = text?.trim() ?? '';
  if (typed === '') return NOT_GIVEN;
  if (field.endsWith('Ingresos')) return optionLabel(INCOME_TYPE_OPTIONS, typed);
  if (field.endsWith('Relacion')) return optionLabel(RELATIONSHIP_OPTIONS, typed);
  if (field.endsWith('Menor') || field.endsWith('Discapacidad')) {
    return optionLabel(YES_NO_OPTIONS, typed);
  }
  if (field === 'bancoHipoteca') return findBank(typed)?.nombre ?? typed;
  if (field === 'fechaVencimiento') {
    const shown = formatDate(typed);
    return /^\d{2}\/\d{2}\/\d{4}$/.test(shown) ? shown : typed;
  }
  const numeric =
    EURO_FIELDS.has(field) ||
    field === 'interesAnual' ||
    field === 'plazoOriginalHipoteca' ||
    field === 'numeroTitulares' ||
    field === 'miembrosUnidadFamiliar';
  if (!numeric) return typed;
  const number = parseSpanishNumber(typed);
  if (!Number.isFinite(number)) return typed;
  if (EURO_FIELDS.has(field)) return formatEuros(number);
  if (field === 'interesAnual') return formatPercent(number);
  if (field === 'plazoOriginalHipoteca') {
    return number === 1
      ? '1 año'
      : `${formatNumber(number, Number.isInteger(number) ? 0 : 2)} años`;
  }
  return formatNumber(number, Number.isInteger(number) ? 0 : 2);
}

export interface SummaryRow {
  readonly field: ReviewFieldName;
  readonly label: string;
  readonly value: string;
  /** Read after 'Cambiar': 'Cambiar número de titulares'. */
  readonly changeContext: string;
}

export interface SummaryGroup {
  /** A tab's name inside step 2; null for a step's only list. */
  readonly title: string | null;
  readonly rows: readonly SummaryRow[];
}

export interface SummarySection {
  readonly paso: ReviewStep;
  readonly title: string;
  readonly groups: readonly SummaryGroup[];
  /** Shown instead of rows: step 3 without usable counts. */
  readonly note: string | null;
}

function rowsOf(fields: readonly ReviewFieldName[], valores: ReviewDraftValues): SummaryRow[] {
  return fields.map((field) => ({
    field,
    label: fieldLabel(field, valores),
    value: formatAnswer(field, valores[field]),
    changeContext: changeContext(field, valores),
  }));
}

/** The check-your-answers page: one section per step, step 2 by tab, every answer with its place. */
export function summarySections(valores: ReviewDraftValues): SummarySection[] {
  const persons = personsOf(valores);
  return [
    {
      paso: 1,
      title: MEMBERS_SECTION,
      groups: [{ title: null, rows: rowsOf(COUNT_FIELDS, valores) }],
      note: null,
    },
    {
      paso: 2,
      title: STEP_HEADINGS[2].title,
      groups: REVIEW_TABS.map((tab) => ({
        title: REVIEW_TAB_LABELS[tab],
        rows: rowsOf(TAB_FIELDS[tab], valores),
      })),
      note: null,
    },
    {
      paso: 3,
      title: PERSONS_SECTION,
      groups: [{ title: null, rows: rowsOf(fieldsAt(3, null, valores), valores) }],
      note: persons === null ? REVIEW_MESSAGES.firstStepMissing : null,
    },
    {
      paso: 4,
      title: MANAGER_SECTION,
      groups: [{ title: null, rows: rowsOf(MANAGER_FIELDS, valores) }],
      note: null,
    },
  ];
}

/**
 * Where a prefilled value came from, while it is still the value the product put there: the
 * draft says which fields it filled in; once the person changes one, the note goes.
 */
export function prefillSource(
  field: ReviewFieldName,
  prefill: ReviewDraft['prefill'],
  start: ReviewDraftValues,
  valores: ReviewDraftValues,
): ReviewPrefillSource | null {
  const source = prefill[field];
  if (source === undefined) return null;
  return valores[field] !== undefined && valores[field] === start[field] ? source : null;
}
