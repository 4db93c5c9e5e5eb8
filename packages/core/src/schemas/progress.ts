import { z } from '../zod';

/** The client's steps, in the order of the private area's menu (spec 02, section 2). */
export const CASE_STEP_IDS = [
  'calcular-cuota',
  'obtener-documentos',
  'seleccionar-plan',
  'revisar-expediente',
  'enviar-expediente',
  'estado-caso',
] as const;
export type CaseStepId = (typeof CASE_STEP_IDS)[number];

/**
 * What every screen of the client area is answered (404) for an account that has no case yet:
 * its leads could not be told from a stranger's (decision 0560), or it never ran the simulator.
 */
export const NO_CASE_MESSAGE = 'Todavía no tienes ningún caso abierto.';

/** 'pendiente': the step's screen does not exist yet, so it cannot be started. */
export const CASE_STEP_STATES = ['no-empezado', 'en-curso', 'completado', 'pendiente'] as const;
export type CaseStepState = (typeof CASE_STEP_STATES)[number];

export const caseStepSchema = z.object({
  id: z.enum(CASE_STEP_IDS),
  estado: z.enum(CASE_STEP_STATES),
});
export type CaseStep = z.infer<typeof caseStepSchema>;

/** GET /api/case/progress: every step, in order, with its state. */
export const caseProgressResponseSchema = z.object({
  data: z.object({ pasos: z.array(caseStepSchema) }),
});
