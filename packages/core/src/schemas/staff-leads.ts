import { z } from '../zod';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  objectError,
  optionalText,
  requiredText,
  responseText,
  TEXT_LIMITS,
} from './fields';
import { FASES_COMERCIALES } from './lead';
import { billingStatusSchema } from './billing';
import { STAFF_MESSAGES } from './staff';

/** The back-office's leads and cases (/gestion/leads, /api/gestion/leads and /fases). */

/** The firm's commercial funnel; the simulator sets the first two (spec 01, section 4). */
export const STAFF_FASES_COMERCIALES = [
  ...FASES_COMERCIALES,
  'Contactado',
  'Interesado',
  'Cliente',
  'Descartado',
] as const;
export type StaffFaseComercial = (typeof STAFF_FASES_COMERCIALES)[number];

export const LEAD_RESULTS = ['cumple', 'no-cumple', 'sin-datos'] as const;
export type LeadResult = (typeof LEAD_RESULTS)[number];
export const LEAD_RESULT_LABELS: Record<LeadResult, string> = {
  cumple: 'Cumple',
  'no-cumple': 'No cumple',
  'sin-datos': 'Sin datos',
};

export const LEAD_SORT_KEYS = ['creadoEl', 'nombre', 'email', 'fase_comercial', 'estado'] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const pageSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
export const pageSizeSchema = z._default(
  z.coerce.number().check(
    z.int(),
    z.refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      error: 'Tamaño de página no válido',
    }),
  ),
  25,
);
export const searchSchema = optionalText(100, 'La búsqueda no puede tener más de 100 caracteres');

/** GET /api/gestion/leads (and its CSV): every filter is optional and travels in the query. */
export const leadListQuerySchema = z
  .strictObject(
    {
      pagina: pageSchema,
      porPagina: pageSizeSchema,
      orden: z._default(z.enum(LEAD_SORT_KEYS), 'creadoEl'),
      direccion: z._default(z.enum(['asc', 'desc']), 'desc'),
      resultado: z.optional(z.enum(LEAD_RESULTS)),
      fase_comercial: z.optional(z.enum(STAFF_FASES_COMERCIALES)),
      desde: z.optional(isoDateSchema),
      hasta: z.optional(isoDateSchema),
      q: searchSchema,
    },
    { error: objectError },
  )
  .check(
    z.refine((query) => !query.desde || !query.hasta || query.desde <= query.hasta, {
      error: 'La fecha «desde» no puede ser posterior a «hasta»',
      path: ['hasta'],
    }),
  );
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const staffLeadSummarySchema = z.object({
  id: idSchema,
  /** One person (account) may have sent several leads: they share this id. */
  personaId: idSchema,
  nombre: responseText(TEXT_LIMITS.name),
  apellidos: responseText(TEXT_LIMITS.name),
  email: responseText(TEXT_LIMITS.email),
  telefono: responseText(TEXT_LIMITS.phoneInput),
  fase_comercial: responseText(TEXT_LIMITS.name),
  estado: responseText(TEXT_LIMITS.name),
  resultado: z.enum(LEAD_RESULTS),
  porcentajeCuota: z.nullable(z.number()),
  creadoEl: isoDateTimeSchema,
  /** How many other leads the same person sent (by account, e-mail or phone). */
  duplicados: z.int().check(z.gte(0)),
});
export type StaffLeadSummary = z.infer<typeof staffLeadSummarySchema>;

export const leadListResponseSchema = z.object({
  leads: z.array(staffLeadSummarySchema).check(z.maxLength(100)),
  total: z.int().check(z.gte(0)),
  pagina: z.int().check(z.gte(1)),
  porPagina: z.int().check(z.gte(1)),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const casePhaseSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)),
  nombre: responseText(TEXT_LIMITS.name),
  orden: z.int().check(z.gte(0)),
  progreso: z.int().check(z.gte(0), z.lte(100)),
  siguientePaso: responseText(300),
  estimacion: responseText(300),
});
export type CasePhase = z.infer<typeof casePhaseSchema>;
export const casePhasesResponseSchema = z.object({
  fases: z.array(casePhaseSchema).check(z.maxLength(50)),
});

export const casePhaseUpdateSchema = z.strictObject(
  {
    nombre: requiredText(TEXT_LIMITS.name, {
      required: 'Escribe el nombre de la fase',
      tooLong: 'El nombre es demasiado largo',
    }),
    progreso: z.coerce
      .number({ error: 'El progreso es un número de 0 a 100' })
      .check(
        z.int({ error: 'El progreso es un número entero de 0 a 100' }),
        z.gte(0, { error: 'El progreso es un número de 0 a 100' }),
        z.lte(100, { error: 'El progreso es un número de 0 a 100' }),
      ),
    siguientePaso: requiredText(300, {
      required: 'Escribe el siguiente paso',
      tooLong: 'El siguiente paso no puede tener más de 300 caracteres',
    }),
    estimacion: requiredText(300, {
      required: 'Escribe la estimación',
      tooLong: 'La estimación no puede tener más de 300 caracteres',
    }),
  },
  { error: objectError },
);
export type CasePhaseUpdate = z.infer<typeof casePhaseUpdateSchema>;

const noteText = requiredText(2000, {
  required: STAFF_MESSAGES.noteRequired,
  tooLong: 'La nota no puede tener más de 2000 caracteres',
});

export const caseMoveRequestSchema = z.strictObject(
  {
    fase: requiredText(40, { required: 'Elige una fase', tooLong: 'Elige una fase de la lista' }),
    nota: noteText,
  },
  { error: objectError },
);
export type CaseMoveRequest = z.infer<typeof caseMoveRequestSchema>;

export const leadNoteRequestSchema = z.strictObject({ texto: noteText }, { error: objectError });

export const leadUpdateRequestSchema = z.strictObject(
  { fase_comercial: z.enum(STAFF_FASES_COMERCIALES, { error: 'Elige una fase comercial' }) },
  { error: objectError },
);

const staffAuthorSchema = z.object({ id: idSchema, nombre: responseText(TEXT_LIMITS.name) });

export const caseHistoryEntrySchema = z.object({
  id: idSchema,
  fecha: isoDateTimeSchema,
  de: z.nullable(responseText(TEXT_LIMITS.name)),
  a: responseText(TEXT_LIMITS.name),
  nota: responseText(2000),
  autor: z.nullable(staffAuthorSchema),
});
export type CaseHistoryEntry = z.infer<typeof caseHistoryEntrySchema>;

export const staffLeadDetailSchema = z.object({
  lead: z.extend(staffLeadSummarySchema, {
    tipocbp: z.nullable(z.string().check(z.maxLength(40))),
    respuestas: z.nullable(z.record(z.string(), z.unknown())),
    codigo: z.nullable(z.string().check(z.maxLength(20))),
    codigoCerrado: z.nullable(z.string().check(z.maxLength(20))),
    fechaEvaluacion: z.nullable(isoDateSchema),
    faseId: z.string().check(z.maxLength(40)),
    cuenta: z.object({ tienePassword: z.boolean() }),
    consentimiento: z.object({
      aceptadoEl: isoDateTimeSchema,
      version: responseText(100),
      ip: z.nullable(z.string().check(z.maxLength(100))),
    }),
  }),
  otrosContactos: z.array(staffLeadSummarySchema).check(z.maxLength(100)),
  calculos: z
    .array(
      z.object({
        id: idSchema,
        fecha: isoDateTimeSchema,
        fechaEvaluacion: isoDateSchema,
        versionReglas: z.string().check(z.maxLength(40)),
        cumpleRequisitos: z.boolean(),
        codigo: z.nullable(z.string().check(z.maxLength(20))),
        cuotaActual: z.nullable(z.number()),
        nuevaCuota: z.nullable(z.number()),
      }),
    )
    .check(z.maxLength(200)),
  correos: z
    .array(
      z.object({
        id: idSchema,
        fecha: isoDateTimeSchema,
        asunto: responseText(300),
        /** 'withheld': not sent, over the cap for an address nobody has verified (decision 0587). */
        estado: z.enum(['pending', 'sending', 'sent', 'failed', 'withheld']),
      }),
    )
    .check(z.maxLength(200)),
  notas: z
    .array(
      z.object({
        id: idSchema,
        fecha: isoDateTimeSchema,
        texto: responseText(2000),
        autor: staffAuthorSchema,
      }),
    )
    .check(z.maxLength(500)),
  historial: z.array(caseHistoryEntrySchema).check(z.maxLength(500)),
  /** The case's contract and payments (GET /api/gestion/leads/{leadId}/pagos gives the same). */
  pago: z.optional(billingStatusSchema),
});
export type StaffLeadDetail = z.infer<typeof staffLeadDetailSchema>;
