import { calculationResultSchema } from '../calculator/schema';
import { circumstancesSchema } from '../eligibility/circumstances-schema';
import { z } from '../zod';
import {
  hasOnlyVisibleText,
  idSchema,
  isoDateTimeSchema,
  responseText,
  TEXT_CHARACTERS_MESSAGE,
  TEXT_LIMITS,
} from './fields';

/** Text as typed, without control characters (which the database cannot keep, NUL above all). */
const typedText = (max: number) =>
  z
    .string()
    .check(z.maxLength(max), z.refine(hasOnlyVisibleText, { error: TEXT_CHARACTERS_MESSAGE }));

const numberInput = z.optional(z.nullable(z.union([z.number(), typedText(40)])));

/**
 * POST /api/calculations: the calculator form as the wizard holds it (numbers, or Spanish text
 * such as "1.234,56"). Which fields are missing or out of range is core's calculator's to say,
 * with the spec's messages, so the shape is loose and the values are checked there.
 */
export const calculationRequestSchema = z.strictObject({
  banco: z.optional(z.nullable(typedText(TEXT_LIMITS.name))),
  discapacidad: z.optional(z.nullable(typedText(TEXT_LIMITS.shortText))),
  /**
   * The circumstances of special vulnerability that apply, each with when it arose ('reciente':
   * in the last four years; 'anterior': from before). Absent in calculations stored before they
   * were asked: read them through calculationCircumstances, which also counts `mayorSesenta` and
   * the disability answer.
   */
  circunstancias: z.optional(z.nullable(circumstancesSchema)),
  /** Kept in step with the circumstance 'mayor-60'. */
  mayorSesenta: z.optional(z.nullable(z.boolean())),
  /** The spec's old umbrella question: accepted and kept in older inputs, no longer asked or counted. */
  grupoVulnerable: z.optional(z.nullable(z.boolean())),
  capitalPendiente: numberInput,
  plazoRestante: numberInput,
  plazoOriginal: numberInput,
  tipoInteres: numberInput,
  ingresosBrutosAnuales: numberInput,
  ingresosNetosAnuales: numberInput,
  ingresosNetosCuatroAnios: numberInput,
  pagoMensualHipoteca: numberInput,
  cuotaCuatroAnios: numberInput,
  cuotaJunio2022: numberInput,
  cuotaActual: numberInput,
});
export type CalculationRequest = z.infer<typeof calculationRequestSchema>;

/** One stored calculation of the client's case: what was sent and what the server computed. */
export const calculationRecordSchema = z.object({
  id: idSchema,
  leadId: idSchema,
  creado: isoDateTimeSchema,
  banco: responseText(TEXT_LIMITS.name),
  entrada: calculationRequestSchema,
  resultado: calculationResultSchema,
});
export type CalculationRecord = z.infer<typeof calculationRecordSchema>;

export const calculationResponseSchema = z.object({ data: calculationRecordSchema });
export const latestCalculationResponseSchema = z.object({
  data: z.nullable(calculationRecordSchema),
});

export const CALCULATOR_DRAFT_STEPS = [1, 2, 3, 4, 5] as const;

/** PUT /api/calculations/draft: the wizard's values as typed, and the step on screen. */
export const calculatorDraftRequestSchema = z.strictObject({
  entrada: calculationRequestSchema,
  paso: z.union(CALCULATOR_DRAFT_STEPS.map((step) => z.literal(step))),
});
export type CalculatorDraftRequest = z.infer<typeof calculatorDraftRequestSchema>;

export const calculatorDraftSchema = z.extend(calculatorDraftRequestSchema, {
  actualizado: isoDateTimeSchema,
});
export type CalculatorDraft = z.infer<typeof calculatorDraftSchema>;

/** What the public simulator stored on the case: the figures the calculator can start from. */
export const simulatorFiguresSchema = z.object({
  cuotaMensual: z.nullable(z.number()),
  ingresosMensuales: z.nullable(z.number()),
  /** When the simulator was answered. */
  fecha: isoDateTimeSchema,
});
export type SimulatorFigures = z.infer<typeof simulatorFiguresSchema>;

/** GET /api/calculations/draft: the draft, if any, and the simulator's figures, if any. */
export const calculatorStartSchema = z.object({
  borrador: z.nullable(calculatorDraftSchema),
  simulador: z.nullable(simulatorFiguresSchema),
});
export type CalculatorStart = z.infer<typeof calculatorStartSchema>;

export const calculatorStartResponseSchema = z.object({ data: calculatorStartSchema });
export const calculatorDraftResponseSchema = z.object({ data: calculatorDraftSchema });
