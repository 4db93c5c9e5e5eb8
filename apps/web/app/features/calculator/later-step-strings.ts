import { MEMBER_DISABILITY_DEGREE, type VulnerabilityCircumstance } from '@cbp/core';

// What only the steps after the first ask, downloaded with them (steps/LaterStepFields.tsx).

/** Step 2: what raises the income limit and lowers the share the instalment must reach. */
export const INCOME_CASE_NOTE = `Una discapacidad superior al ${MEMBER_DISABILITY_DEGREE}, una situación de dependencia o una enfermedad que impide trabajar elevan el límite de ingresos y bajan la parte de los ingresos que debe suponer la cuota para acogerte al código.`;

export const CIRCUMSTANCES_HEADING = 'Circunstancias de especial vulnerabilidad';

export const CIRCUMSTANCES_INTRO =
  'La ley tiene en cuenta estas siete circunstancias. Si alguna ha surgido en los últimos cuatro años, puedes acogerte aunque tu cuota no pese más que entonces. Si se da alguna, aunque sea desde antes, y cumples los demás requisitos, la carencia es de cinco años.';

/** When a circumstance counts as arisen in the last four years, where that is not obvious. */
export const CIRCUMSTANCE_HINTS: Readonly<Partial<Record<VulnerabilityCircumstance, string>>> = {
  'familia-numerosa': 'Con el título de familia numerosa en vigor.',
  menor: 'En los últimos cuatro años, si nació o llegó a casa en ese tiempo.',
  'discapacidad-miembro': 'Cuenta también la de una persona que no es titular de la hipoteca.',
  'mayor-60': 'En los últimos cuatro años, si cumpliste 60 años en ese tiempo.',
};

/** The member's disability when the disability question already says there is one. */
export const DISABILITY_GIVES_CIRCUMSTANCE =
  'Has indicado una discapacidad reconocida, así que esta circunstancia se da. Indica desde cuándo.';
