import { formatLongDate, formatWholeEuros } from '../format';
import { RULES } from '../rules';
import { z } from '../zod';
import type { SimulatorAnswers } from '../simulator';
import { SIMULATOR_MESSAGES } from '../simulator/messages';
import { emailSchema, objectError, phoneSchema, requiredText, TEXT_LIMITS } from './fields';

const yesNo = (message: string) => z.boolean({ error: message });

/** Sanity caps on the two amounts (a typo, not a rule of the code): euros a month. */
const MAX_INSTALMENT = 100_000;
const MAX_INCOME = 1_000_000;

/**
 * Amounts are euros with cents: rounded to the cent before any check, so a denormal such as
 * 5e-324 is an income of 0 € and refused, and what is stored is what a person could type
 * (docs/decisions/0312-amounts-rounded-to-cents.md).
 */
export { roundToCents } from '../rules/compare';
import { roundToCents } from '../rules/compare';

/** The five answers of the public simulator, as `evaluateSimulator` takes them. */
export const simulatorAnswersSchema = z.strictObject(
  {
    precioHasta300k: yesNo(
      `Indica si el precio de la vivienda fue de hasta ${formatWholeEuros(RULES.simulator.priceCap)}`,
    ),
    viviendaHabitual: yesNo('Indica si la vivienda es tu residencia habitual'),
    firmadaAntes2023: yesNo(
      `Indica si firmaste la hipoteca antes del ${formatLongDate(RULES.simulator.signingDeadline)}`,
    ),
    cuotaMensual: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'Introduce la cuota mensual de tu hipoteca'
            : 'La cuota mensual debe ser un número',
      })
      .check(
        z.overwrite(roundToCents),
        z.gte(0, { error: SIMULATOR_MESSAGES.invalidInstalment }),
        z.lte(MAX_INSTALMENT, {
          error: `La cuota mensual no puede superar ${formatWholeEuros(MAX_INSTALMENT)}`,
        }),
      ),
    ingresosMensuales: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'Introduce los ingresos mensuales de tu familia'
            : 'Los ingresos mensuales deben ser un número',
      })
      .check(
        z.overwrite(roundToCents),
        z.gt(0, { error: SIMULATOR_MESSAGES.invalidIncome }),
        z.lte(MAX_INCOME, {
          error: `Los ingresos mensuales no pueden superar ${formatWholeEuros(MAX_INCOME)}`,
        }),
      ),
  },
  { error: objectError },
) satisfies z.ZodMiniType<SimulatorAnswers>;

export const NAME_MESSAGES = {
  nombre: {
    required: 'Introduce tu nombre',
    tooLong: 'El nombre no puede superar 100 caracteres',
    invalidCharacters:
      'El nombre contiene caracteres invisibles o de control que no se admiten. Escríbelo de nuevo sin ellos.',
  },
  apellidos: {
    required: 'Introduce tus apellidos',
    tooLong: 'Los apellidos no pueden superar 100 caracteres',
    invalidCharacters:
      'Los apellidos contienen caracteres invisibles o de control que no se admiten. Escríbelos de nuevo sin ellos.',
  },
} as const;

export const nombreSchema = requiredText(TEXT_LIMITS.name, NAME_MESSAGES.nombre);
export const apellidosSchema = requiredText(TEXT_LIMITS.name, NAME_MESSAGES.apellidos);

/** The contact step of the simulator; the spec calls the e-mail `correo` here. */
export const contactDataSchema = z.object(
  {
    nombre: nombreSchema,
    apellidos: apellidosSchema,
    correo: emailSchema,
    telefono: phoneSchema,
  },
  { error: objectError },
);
export type ContactData = z.infer<typeof contactDataSchema>;
