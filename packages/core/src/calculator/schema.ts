import { z } from '../zod';
import { circumstancesSchema } from '../eligibility/circumstances-schema';
import { CODE_IDS } from '../eligibility/evaluate';
import { DISCAPACIDAD_OPTIONS } from '../rules/discapacidad';
import {
  CALCULATOR_FIELD_LABELS as LABELS,
  REMAINING_TERM_TOO_LONG,
  TIPOS_CARENCIA,
} from './fields';

function amount(label: string) {
  return z
    .number({ error: `${label}: introduce un número` })
    .positive({ error: `${label}: debe ser mayor que 0` });
}

/** A complete, valid calculator form. calculateRelief accepts every value this schema accepts. */
export const calculatorFormSchema = z
  .object({
    banco: z
      .string()
      .trim()
      .min(1, { error: `${LABELS.banco}: campo obligatorio` }),
    discapacidad: z.enum(DISCAPACIDAD_OPTIONS).default('No'),
    /**
     * The circumstances of special vulnerability that apply and when each arose, consistent with
     * `discapacidad` and `mayorSesenta` (see calculationCircumstances).
     */
    circunstancias: circumstancesSchema.default({}),
    /** Kept in step with the circumstance 'mayor-60'. */
    mayorSesenta: z.boolean().default(false),
    /** The spec's old umbrella question: read from older inputs, no longer counted. */
    grupoVulnerable: z.boolean().default(false),
    capitalPendiente: amount(LABELS.capitalPendiente),
    /** Years. */
    plazoRestante: amount(LABELS.plazoRestante),
    /** Years. */
    plazoOriginal: amount(LABELS.plazoOriginal),
    /** Percent a year. */
    tipoInteres: z
      .number({ error: `${LABELS.tipoInteres}: introduce un número` })
      .nonnegative({ error: `${LABELS.tipoInteres}: no puede ser negativo` }),
    ingresosBrutosAnuales: amount(LABELS.ingresosBrutosAnuales),
    ingresosNetosAnuales: amount(LABELS.ingresosNetosAnuales),
    ingresosNetosCuatroAnios: amount(LABELS.ingresosNetosCuatroAnios),
    pagoMensualHipoteca: amount(LABELS.pagoMensualHipoteca),
    cuotaCuatroAnios: amount(LABELS.cuotaCuatroAnios),
    cuotaJunio2022: amount(LABELS.cuotaJunio2022),
    /** The instalment carried over from the public simulator, when there is one. */
    cuotaActual: amount(LABELS.cuotaActual).optional(),
  })
  .refine((form) => form.plazoRestante <= form.plazoOriginal, {
    error: REMAINING_TERM_TOO_LONG,
    path: ['plazoRestante'],
  });

export type CalculatorForm = z.infer<typeof calculatorFormSchema>;

/** What calculateRelief returns (spec 02, section 3). Money in euros, rates in percent. */
export const calculationResultSchema = z.object({
  tipoCarencia: z.enum(TIPOS_CARENCIA),
  cuotaActual: z.number().positive(),
  /** Monthly instalment during the grace period. */
  nuevaCuota: z.number().nonnegative(),
  /** Monthly instalment once the grace period is over. */
  cuotaPostCarencia: z.number().nonnegative(),
  /** Total saving over the grace period. */
  ahorro: z.number(),
  /** Years. */
  plazoCarencia: z.number().nonnegative(),
  /** Months left from now, grace and extension included. */
  plazoExtendido: z.number().positive(),
  nuevoInteres: z.number().nonnegative(),
  tasaEsfuerzoActual: z.number().positive(),
  incrementoEsfuerzo: z.number().positive(),
  cumpleRequisitos: z.boolean(),
  /** The code the result comes from: 'cbp2012', 'cbp2022' (while it was open) or none. */
  codigo: z.enum(CODE_IDS).nullable(),
  /** The ISO day whose law applied, and the rule table's version. */
  fechaEvaluacion: z.iso.date(),
  versionReglas: z.string(),
  /** The Euribor the 2012 code's grace rate was computed from (month YYYY-MM, percent). */
  euribor: z.object({ mes: z.string(), porcentaje: z.number() }).nullable(),
  /** Each code's conditions on that day: met, not met or still to check (null). */
  condiciones: z.array(
    z.object({
      codigo: z.enum(CODE_IDS),
      abierto: z.boolean(),
      cerradoTras: z.iso.date().nullable(),
      estado: z.enum(['meets', 'may-meet', 'fails']),
      lista: z.array(
        z.object({ id: z.string(), texto: z.string(), cumple: z.boolean().nullable() }),
      ),
    }),
  ),
});

export type CalculationResult = z.infer<typeof calculationResultSchema>;
