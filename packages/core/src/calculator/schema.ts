import { z } from '../zod';
import { circumstancesSchema } from '../eligibility/circumstances-schema';
import { CODE_IDS } from '../eligibility/codes';
import { DISCAPACIDAD_OPTIONS } from '../rules/discapacidad';
import {
  CALCULATOR_FIELD_LABELS as LABELS,
  REMAINING_TERM_TOO_LONG,
  TIPOS_CARENCIA,
} from './fields';

function amount(label: string) {
  return z
    .number({ error: `${label}: introduce un número` })
    .check(z.positive({ error: `${label}: debe ser mayor que 0` }));
}

/** A complete, valid calculator form. calculateRelief accepts every value this schema accepts. */
export const calculatorFormSchema = z
  .object({
    banco: z
      .string()
      .check(z.trim(), z.minLength(1, { error: `${LABELS.banco}: campo obligatorio` })),
    discapacidad: z._default(z.enum(DISCAPACIDAD_OPTIONS), 'No'),
    /**
     * The circumstances of special vulnerability that apply and when each arose, consistent with
     * `discapacidad` and `mayorSesenta` (see calculationCircumstances).
     */
    circunstancias: z._default(circumstancesSchema, {}),
    /** Kept in step with the circumstance 'mayor-60'. */
    mayorSesenta: z._default(z.boolean(), false),
    /** The spec's old umbrella question: read from older inputs, no longer counted. */
    grupoVulnerable: z._default(z.boolean(), false),
    capitalPendiente: amount(LABELS.capitalPendiente),
    /** Years. */
    plazoRestante: amount(LABELS.plazoRestante),
    /** Years. */
    plazoOriginal: amount(LABELS.plazoOriginal),
    /** Percent a year. */
    tipoInteres: z
      .number({ error: `${LABELS.tipoInteres}: introduce un número` })
      .check(z.nonnegative({ error: `${LABELS.tipoInteres}: no puede ser negativo` })),
    ingresosBrutosAnuales: amount(LABELS.ingresosBrutosAnuales),
    ingresosNetosAnuales: amount(LABELS.ingresosNetosAnuales),
    ingresosNetosCuatroAnios: amount(LABELS.ingresosNetosCuatroAnios),
    pagoMensualHipoteca: amount(LABELS.pagoMensualHipoteca),
    cuotaCuatroAnios: amount(LABELS.cuotaCuatroAnios),
    cuotaJunio2022: amount(LABELS.cuotaJunio2022),
    /** The instalment carried over from the public simulator, when there is one. */
    cuotaActual: z.optional(amount(LABELS.cuotaActual)),
  })
  .check(
    z.refine((form) => form.plazoRestante <= form.plazoOriginal, {
      error: REMAINING_TERM_TOO_LONG,
      path: ['plazoRestante'],
    }),
  );

export type CalculatorForm = z.infer<typeof calculatorFormSchema>;

/** What calculateRelief returns (spec 02, section 3). Money in euros, rates in percent. */
export const calculationResultSchema = z.object({
  tipoCarencia: z.enum(TIPOS_CARENCIA),
  cuotaActual: z.number().check(z.positive()),
  /** Monthly instalment during the grace period. */
  nuevaCuota: z.number().check(z.nonnegative()),
  /** Monthly instalment once the grace period is over. */
  cuotaPostCarencia: z.number().check(z.nonnegative()),
  /** Total saving over the grace period. */
  ahorro: z.number(),
  /** Years. */
  plazoCarencia: z.number().check(z.nonnegative()),
  /** Months left from now, grace and extension included. */
  plazoExtendido: z.number().check(z.positive()),
  nuevoInteres: z.number().check(z.nonnegative()),
  tasaEsfuerzoActual: z.number().check(z.positive()),
  incrementoEsfuerzo: z.number().check(z.positive()),
  cumpleRequisitos: z.boolean(),
  /** The code the result comes from: 'cbp2012', 'cbp2022' (while it was open) or none. */
  codigo: z.nullable(z.enum(CODE_IDS)),
  /** The ISO day whose law applied, and the rule table's version. */
  fechaEvaluacion: z.iso.date(),
  versionReglas: z.string(),
  /** The Euribor the 2012 code's grace rate was computed from (month YYYY-MM, percent). */
  euribor: z.nullable(z.object({ mes: z.string(), porcentaje: z.number() })),
  /** Each code's conditions on that day: met, not met or still to check (null). */
  condiciones: z.array(
    z.object({
      codigo: z.enum(CODE_IDS),
      abierto: z.boolean(),
      cerradoTras: z.nullable(z.iso.date()),
      estado: z.enum(['meets', 'may-meet', 'fails']),
      lista: z.array(
        z.object({ id: z.string(), texto: z.string(), cumple: z.nullable(z.boolean()) }),
      ),
    }),
  ),
});

export type CalculationResult = z.infer<typeof calculationResultSchema>;
