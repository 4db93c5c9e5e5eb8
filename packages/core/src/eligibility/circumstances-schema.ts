import { z } from '../zod';
import {
  CIRCUMSTANCE_TIMINGS,
  VULNERABILITY_CIRCUMSTANCES,
  type HouseholdCircumstances,
} from './circumstances';

// Apart from the lists and texts, which public pages show without loading zod.
/** The household's answers: only the circumstances that apply, with when each arose. */
export const circumstancesSchema: z.ZodMiniType<HouseholdCircumstances> = z.partialRecord(
  z.enum(VULNERABILITY_CIRCUMSTANCES, { error: 'La circunstancia no es válida' }),
  z.enum(CIRCUMSTANCE_TIMINGS, { error: 'Indica cuándo surgió la circunstancia' }),
);
