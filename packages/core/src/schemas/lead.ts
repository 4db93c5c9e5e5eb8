import { z } from '../zod';
import type { SimulatorFaseComercial, SimulatorTipoCbp } from '../simulator';
import { sessionSchema } from './session';
import {
  emailSchema,
  idSchema,
  objectError,
  phoneSchema,
  responseText,
  TEXT_LIMITS,
} from './fields';
import {
  apellidosSchema,
  contactDataSchema,
  nombreSchema,
  simulatorAnswersSchema,
} from './simulator';

export const FASES_COMERCIALES = [
  'Nuevo',
  'No tiene perfil',
] as const satisfies readonly SimulatorFaseComercial[];
export const TIPOS_CBP = [
  'carencia2o5',
  'carencia1',
] as const satisfies readonly SimulatorTipoCbp[];
export const LEAD_ESTADO_INICIAL = 'Nuevo';

export const LEAD_ANSWERS_REQUIRED_MESSAGE =
  'Faltan las respuestas del simulador: sin ellas no podemos comprobar si cumples los requisitos.';

export const PRIVACY_POLICY_MESSAGE = 'Debes aceptar la política de privacidad para continuar';

/**
 * POST /api/leads. The classification fields are the browser's; the server recomputes them from
 * `respuestas`, which a lead that claims to qualify must send; one that does not qualify may come
 * without them and is stored as unverified (docs/decisions/0153-strict-request-schemas.md).
 */
export const leadRequestSchema = z
  .strictObject(
    {
      nombre: nombreSchema,
      apellidos: apellidosSchema,
      telefono: phoneSchema,
      email: emailSchema,
      politicaPrivacidad: z.literal(true, { error: PRIVACY_POLICY_MESSAGE }),
      fase_comercial: z.enum(FASES_COMERCIALES, { error: 'La fase comercial no es válida' }),
      estado: z.literal(LEAD_ESTADO_INICIAL, { error: 'El estado del lead no es válido' }),
      tipocbp: z.nullable(z.enum(TIPOS_CBP, { error: 'El tipo de carencia no es válido' })),
      respuestas: z.optional(simulatorAnswersSchema),
    },
    { error: objectError },
  )
  .check(
    z.refine((lead) => lead.respuestas !== undefined || lead.fase_comercial !== 'Nuevo', {
      // A visitor's own word that they qualify is never taken: the server classifies from the
      // answers (docs/decisions/0318-lead-classification-needs-answers.md).
      error: LEAD_ANSWERS_REQUIRED_MESSAGE,
      path: ['respuestas'],
      when: (payload) => payload.issues.length === 0,
    }),
  );
export type LeadRequest = z.infer<typeof leadRequestSchema>;
/** What the browser may send: the same fields before trimming and normalising. */
export type LeadRequestInput = z.input<typeof leadRequestSchema>;

export const leadResponseSchema = z.object({
  data: z.object({ id: idSchema }),
  session: sessionSchema,
  message: z.optional(responseText(TEXT_LIMITS.message)),
});
export type LeadResponse = z.infer<typeof leadResponseSchema>;

/**
 * GET /api/leads/{id}: the contact data and the classification of a lead the session owns.
 * `fase_comercial` and `estado` move on in the firm's hands, so any text is accepted there.
 */
export const leadDetailSchema = z.object({
  data: z.object({
    id: idSchema,
    nombre: responseText(TEXT_LIMITS.name),
    apellidos: responseText(TEXT_LIMITS.name),
    telefono: responseText(TEXT_LIMITS.phoneInput),
    email: responseText(TEXT_LIMITS.email),
    fase_comercial: responseText(TEXT_LIMITS.shortText),
    estado: responseText(TEXT_LIMITS.shortText),
    tipocbp: z.nullable(z.enum(TIPOS_CBP)),
    porcentajeCuota: z.nullable(z.number().check(z.gte(0))),
    cumpleRequisitos: z.nullable(z.boolean()),
    /**
     * The simulator's five answers as the server stored them (null for a lead sent without
     * them): what lets /cumple-requisitos show the result again after a reload.
     */
    respuestas: z.nullable(simulatorAnswersSchema),
    creado: z.iso.datetime(),
  }),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>['data'];

const MAX_ANSWERS = 20;

/**
 * Router state handed to /cumple-requisitos and /no-cumple-requisitos. It can be stale or
 * hand-made, so the result pages validate it and send the visitor back when it does not parse.
 */
export const resultNavigationStateSchema = z.object({
  /** The answers keyed by the question text, as the spec keeps them. */
  preguntasRespuestas: z
    .record(
      responseText(TEXT_LIMITS.shortText),
      z.union([responseText(TEXT_LIMITS.shortText), z.number(), z.boolean()]),
    )
    .check(
      z.refine((answers) => Object.keys(answers).length <= MAX_ANSWERS, {
        error: 'Demasiadas respuestas',
      }),
    ),
  contacto: z.required(z.partial(contactDataSchema), { nombre: true }),
  porcentajeCuota: z
    .number({ error: 'Falta el porcentaje de la cuota' })
    .check(z.gte(0, { error: 'Falta el porcentaje de la cuota' })),
  respuestas: z.optional(simulatorAnswersSchema),
  /** Only on a pass. */
  leadId: z.optional(idSchema),
  /** Only on a pass. */
  session: z.optional(sessionSchema),
});
export type ResultNavigationState = z.infer<typeof resultNavigationStateSchema>;
