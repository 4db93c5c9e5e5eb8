import { ruleSource, type RulePath } from './sources';
import type { EuriborMonth, IpremValue } from './series';
import { RULES } from './table';

// The seeds cite each value's source: they are what the server writes into a new database, and
// they live apart from the series' functions so the browser, which runs those, does not
// download every legal source of the rule table with them.

/** The rule table's months, oldest first, with their sources. */
export const EURIBOR_SEED: readonly EuriborMonth[] = Object.entries(RULES.euribor)
  .map(([mes, porcentaje]) => ({
    mes,
    porcentaje,
    referencia: ruleSource(`euribor.${mes}` as RulePath),
  }))
  .sort((a, b) => a.mes.localeCompare(b.mes));

/** The rule table's years, oldest first, with their sources. */
export const IPREM_SEED: readonly IpremValue[] = Object.entries(RULES.iprem)
  .map(([year, value]) => ({
    anio: Number(year),
    mensual: value.monthly,
    anual12: value.annual12,
    anual14: value.annual14,
    referencia: ruleSource(`iprem.${year}.monthly` as RulePath),
  }))
  .sort((a, b) => a.anio - b.anio);
