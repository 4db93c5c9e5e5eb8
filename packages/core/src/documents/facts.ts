import { circumstancesThatApply } from '../eligibility/circumstances';
import { circumstancesSchema } from '../eligibility/circumstances-schema';
import { parseSpanishNumber } from '../format/parse';
import {
  incomeTypeSchema,
  relationshipSchema,
  type ReviewDraftValues,
  reviewPersons,
  yesNoSchema,
} from '../schemas/review';
import type { HouseholdFacts, MemberFacts } from './checklist';

/** The checklist key of a review person: '2' for holder 2, 'miembro-1' for the first other member. */
export function personKey(index: number, numeroTitulares: number): string {
  return index <= numeroTitulares ? String(index) : `miembro-${String(index - numeroTitulares)}`;
}

/**
 * The household's facts as the checklist reads them (decision 0633): the people of the case's
 * counts, each with what the review (finalised or draft) says of them, and the circumstances
 * of the newest calculation. An answer missing or not valid reads as unknown; circumstances in
 * a calculation without them read as none.
 */
export function householdFacts(
  counts: { numeroTitulares: number; miembrosUnidadFamiliar: number },
  valores: ReviewDraftValues,
  circunstancias: unknown,
): HouseholdFacts {
  const titulares = Math.trunc(counts.numeroTitulares);
  const members: MemberFacts[] = reviewPersons(titulares, counts.miembrosUnidadFamiliar).map(
    (person) => {
      const yesNo = (key: keyof ReviewDraftValues | null): boolean | null => {
        if (key === null) return null;
        const read = yesNoSchema.safeParse(valores[key]);
        return read.success ? read.data === 'si' : null;
      };
      const ingresos = incomeTypeSchema.safeParse(valores[person.ingresosKey]);
      const relacion =
        person.relacionKey === null
          ? null
          : relationshipSchema.safeParse(valores[person.relacionKey]);
      return {
        key: personKey(person.index, titulares),
        titular: person.isHolder,
        ingresos: ingresos.success ? ingresos.data : null,
        relacion: relacion?.success === true ? relacion.data : null,
        menor: yesNo(person.menorKey),
        discapacidad: yesNo(person.discapacidadKey),
      };
    },
  );
  const known = circumstancesSchema.safeParse(circunstancias ?? {});
  return {
    members,
    circunstancias: circumstancesThatApply(known.success ? known.data : undefined),
  };
}

/** The counts typed in a review, when both read as numbers; null otherwise. */
export function typedCounts(
  valores: ReviewDraftValues,
): { numeroTitulares: number; miembrosUnidadFamiliar: number } | null {
  const titulares = parseSpanishNumber(valores.numeroTitulares ?? '');
  const miembros = parseSpanishNumber(valores.miembrosUnidadFamiliar ?? '');
  return Number.isFinite(titulares) && Number.isFinite(miembros)
    ? { numeroTitulares: titulares, miembrosUnidadFamiliar: miembros }
    : null;
}
