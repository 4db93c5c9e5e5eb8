import { calculationResultSchema } from '../calculator/schema';
import { z } from '../zod';
import { idSchema, isoDateTimeSchema, responseText, TEXT_LIMITS } from './fields';

const numberInput = z
  .union([z.number(), z.string().max(40)])
  .nullable()
  .optional();

/**
 * POST /api/calculations: the calculator form as the wizard holds it (numbers, or Spanish text
 * such as "1.234,56"). Which fields are missing or out of range is core's calculator's to say,
 * with the spec's messages, so the shape is loose and the values are checked there.
 */
export const calculationRequestSchema = z.strictObject({
  banco: z.string().max(TEXT_LIMITS.name).nullable().optional(),
  discapacidad: z.string().max(TEXT_LIMITS.shortText).nullable().optional(),
  mayorSesenta: z.boolean().nullable().optional(),
  grupoVulnerable: z.boolean().nullable().optional(),
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
  data: calculationRecordSchema.nullable(),
});
