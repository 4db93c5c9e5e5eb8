import { formatPercent } from '../format/number';
import { RULES } from '../rules/table';
import {
  VULNERABILITY_CIRCUMSTANCES,
  type CircumstanceTiming,
  type VulnerabilityCircumstance,
} from './circumstances';

/** The degree of disability above which a member raises the household's income limit ("33 %"). */
export const MEMBER_DISABILITY_DEGREE = formatPercent(
  RULES.code2012.disabilityDegreePercent.member,
  0,
);

// What people read about each circumstance, apart from the list itself: the calculator's first
// step validates against the list and shows these words only on the later steps.

export const CIRCUMSTANCE_TIMING_LABELS: Readonly<Record<CircumstanceTiming, string>> = {
  reciente: 'Sí, en los últimos cuatro años',
  anterior: 'Sí, desde antes',
};

export interface CircumstanceText {
  /** The circumstance as a question's option. */
  readonly label: string;
  /** The circumstance in a sentence about the household ("…es familia numerosa"). */
  readonly statement: string;
}

export const CIRCUMSTANCE_TEXTS: Readonly<Record<VulnerabilityCircumstance, CircumstanceText>> = {
  'familia-numerosa': {
    label: 'Familia numerosa',
    statement: 'la unidad familiar es familia numerosa',
  },
  monoparental: {
    label: 'Familia monoparental con hijos a cargo',
    statement: 'la unidad familiar es monoparental, con hijos a su cargo',
  },
  menor: {
    label: 'Un menor de edad vive en la unidad familiar',
    statement: 'en la unidad familiar vive un menor de edad',
  },
  'discapacidad-miembro': {
    label: `Un miembro con discapacidad superior al ${MEMBER_DISABILITY_DEGREE}, dependencia o enfermedad que le incapacita de forma permanente para trabajar`,
    statement: `un miembro tiene una discapacidad superior al ${MEMBER_DISABILITY_DEGREE}, dependencia o una enfermedad que le incapacita de forma permanente para trabajar`,
  },
  'familiar-dependiente': {
    label:
      'Convive un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave',
    statement:
      'convive en la vivienda un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave',
  },
  violencia: {
    label: 'Víctima de violencia de género, trata o explotación sexual',
    statement: 'un miembro es víctima de violencia de género, de trata o de explotación sexual',
  },
  'mayor-60': {
    label: 'El deudor es mayor de 60 años',
    statement: 'el deudor es mayor de 60 años',
  },
};

/** Each circumstance in a few words, for lists inside a sentence ("…familia numerosa, …"). */
export const CIRCUMSTANCE_SHORT_NAMES: Readonly<Record<VulnerabilityCircumstance, string>> = {
  'familia-numerosa': 'familia numerosa',
  monoparental: 'familia monoparental con hijos a cargo',
  menor: 'un menor de edad en la unidad familiar',
  'discapacidad-miembro': `un miembro con discapacidad superior al ${MEMBER_DISABILITY_DEGREE}, dependencia o enfermedad que le impide trabajar`,
  'familiar-dependiente':
    'un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave que vive en casa',
  violencia: 'víctima de violencia de género, trata o explotación sexual',
  'mayor-60': 'deudor mayor de 60 años',
};

/**
 * The seven circumstances in a few words, as one Spanish list; semicolons, because some of them
 * hold commas: "familia numerosa; …; o deudor mayor de 60 años".
 */
export function circumstancesInWords(): string {
  const names = VULNERABILITY_CIRCUMSTANCES.map((id) => CIRCUMSTANCE_SHORT_NAMES[id]);
  return `${names.slice(0, -1).join('; ')}; o ${names[names.length - 1] ?? ''}`;
}
