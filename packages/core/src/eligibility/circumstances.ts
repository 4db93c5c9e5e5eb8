/**
 * The circumstances of special vulnerability of the 2012 code (RDL 6/2012, art. 3.1.b, as
 * worded by Ley 1/2013 and RDL 19/2022). The list is closed: the Banco de España's guide says it
 * cannot be extended. Identifiers are the API's; what people read is in circumstance-texts.ts.
 */
export const VULNERABILITY_CIRCUMSTANCES = [
  'familia-numerosa',
  'monoparental',
  'menor',
  'discapacidad-miembro',
  'familiar-dependiente',
  'violencia',
  'mayor-60',
] as const;
export type VulnerabilityCircumstance = (typeof VULNERABILITY_CIRCUMSTANCES)[number];

/**
 * When a circumstance that applies arose: in the four years before the application
 * ('reciente'), which can replace the rise in effort, or before them ('anterior'), which still
 * gives the long package. A circumstance that does not apply is absent.
 */
export const CIRCUMSTANCE_TIMINGS = ['reciente', 'anterior'] as const;
export type CircumstanceTiming = (typeof CIRCUMSTANCE_TIMINGS)[number];

/** The household's answers: only the circumstances that apply, with when each arose. */
export type HouseholdCircumstances = Partial<Record<VulnerabilityCircumstance, CircumstanceTiming>>;

/** The circumstances that apply, in the law's order. */
export function circumstancesThatApply(
  circumstances: HouseholdCircumstances | undefined,
): VulnerabilityCircumstance[] {
  return VULNERABILITY_CIRCUMSTANCES.filter((id) => circumstances?.[id] !== undefined);
}

/** The circumstances that arose in the last four years: these can replace the rise in effort. */
export function recentCircumstances(
  circumstances: HouseholdCircumstances | undefined,
): VulnerabilityCircumstance[] {
  return VULNERABILITY_CIRCUMSTANCES.filter((id) => circumstances?.[id] === 'reciente');
}

/** Spanish list: "a", "a y b", "a, b y c" (or "o" with `joiner: 'o'`). */
export function joinSpanish(items: readonly string[], joiner: 'y' | 'o' = 'y'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1] ?? ''}`;
}
