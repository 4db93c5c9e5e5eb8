import { parseSpanishNumber } from '../format/parse';
import { euriborStaleness, formatMonth, isIsoMonth, type EuriborMonth } from '../rules/series';
import { RULES } from '../rules/table';
import { z } from '../zod';
import { isoDateTimeSchema, objectError, requiredText, responseText } from './fields';

/**
 * The official series the firm keeps (/api/gestion/series): the 12-month Euribor by month and
 * the IPREM by year. Rows are never edited: a correction is a new row that replaces the value
 * in force (docs/decisions/0621-series-rows-append-only.md).
 */

export const SERIES_MESSAGES = {
  monthRequired: 'Escribe el mes como AAAA-MM, por ejemplo 2026-03',
  monthInvalid: 'El mes no es válido: escríbelo como AAAA-MM, por ejemplo 2026-03',
  percentRequired: 'Escribe el valor del Euríbor a un año, por ejemplo 2,221',
  percentInvalid:
    'El valor debe ser un porcentaje entre −5 y 20 con hasta 3 decimales, por ejemplo 2,221',
  referenceRequired: 'Escribe la referencia del BOE, por ejemplo BOE-A-2026-5059',
  referenceInvalid:
    'La referencia del BOE tiene la forma BOE-A-AAAA-NÚMERO, por ejemplo BOE-A-2026-5059',
  yearInvalid: 'Escribe el año con cuatro cifras, entre 2000 y 2100',
  amountInvalid:
    'Escribe un importe en euros mayor que 0 con hasta 2 decimales, por ejemplo 600,00',
  monthExists: (label: string) =>
    `Ese mes ya tiene su valor oficial (${label}). Si el BOE lo corrigió, marca «Es una corrección» para que el nuevo sustituya al anterior.`,
  yearExists: (year: number) =>
    `El IPREM de ${String(year)} ya está registrado. Si se corrigió, marca «Es una corrección» para que el nuevo sustituya al anterior.`,
  nothingToCorrect:
    'No hay ningún valor de ese periodo que corregir: añádelo sin marcar «Es una corrección».',
  sameValue:
    'El valor y la referencia son los mismos que los registrados: no hay nada que corregir.',
} as const;

const BOE_REFERENCE = /^BOE-A-\d{4}-\d{1,6}$/;

/** A number typed the Spanish way ('2,221', '8.400,00') or sent as a number. */
function typedNumber(messages: { required: string; invalid: string }) {
  return z.pipe(
    z.transform((input: unknown) => {
      if (typeof input !== 'string') return input;
      return input.trim() === '' ? undefined : parseSpanishNumber(input);
    }),
    z.number({
      error: (issue) => (issue.input === undefined ? messages.required : messages.invalid),
    }),
  );
}

const decimals = (value: number, places: number) =>
  Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;

const monthField = z
  .string({ error: SERIES_MESSAGES.monthRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: SERIES_MESSAGES.monthRequired, abort: true }),
    z.refine(isIsoMonth, { error: SERIES_MESSAGES.monthInvalid }),
  );

const boeReference = z
  .pipe(
    requiredText(40, {
      required: SERIES_MESSAGES.referenceRequired,
      tooLong: SERIES_MESSAGES.referenceInvalid,
    }),
    z.transform((text) => text.toUpperCase()),
  )
  .check(z.refine((text) => BOE_REFERENCE.test(text), { error: SERIES_MESSAGES.referenceInvalid }));

const correction = z._default(z.boolean({ error: 'Indica si es una corrección' }), false);

export const euriborAddRequestSchema = z.strictObject(
  {
    mes: monthField,
    porcentaje: typedNumber({
      required: SERIES_MESSAGES.percentRequired,
      invalid: SERIES_MESSAGES.percentInvalid,
    }).check(
      z.refine((value) => value >= -5 && value <= 20 && decimals(value, 3), {
        error: SERIES_MESSAGES.percentInvalid,
      }),
    ),
    referencia: boeReference,
    correccion: correction,
  },
  { error: objectError },
);
export type EuriborAddRequest = z.infer<typeof euriborAddRequestSchema>;
export type EuriborAddInput = z.input<typeof euriborAddRequestSchema>;

const amount = typedNumber({
  required: SERIES_MESSAGES.amountInvalid,
  invalid: SERIES_MESSAGES.amountInvalid,
}).check(
  z.refine((value) => value > 0 && value < 100_000 && decimals(value, 2), {
    error: SERIES_MESSAGES.amountInvalid,
  }),
);

export const ipremAddRequestSchema = z.strictObject(
  {
    anio: z.coerce
      .number({ error: SERIES_MESSAGES.yearInvalid })
      .check(
        z.int({ error: SERIES_MESSAGES.yearInvalid }),
        z.gte(2000, { error: SERIES_MESSAGES.yearInvalid }),
        z.lte(2100, { error: SERIES_MESSAGES.yearInvalid }),
      ),
    mensual: amount,
    anual12: amount,
    anual14: amount,
    referencia: boeReference,
    correccion: correction,
  },
  { error: objectError },
);
export type IpremAddRequest = z.infer<typeof ipremAddRequestSchema>;

const addedBySchema = z.nullable(z.object({ nombre: responseText(100), email: responseText(254) }));

/** One row of a series as the back-office lists it. */
const rowFields = {
  id: z.int(),
  referencia: responseText(400),
  /** The row this one corrected, or null. */
  sustituye: z.nullable(z.int()),
  /** Whether a later row corrected this one (it no longer applies). */
  sustituida: z.boolean(),
  /** Null: loaded from the rule table when the series was created. */
  anadidoPor: addedBySchema,
  creado: isoDateTimeSchema,
};

export const euriborEntrySchema = z.object({
  ...rowFields,
  mes: z.string().check(z.refine(isIsoMonth)),
  porcentaje: z.number(),
});
export type EuriborEntry = z.infer<typeof euriborEntrySchema>;

export const ipremEntrySchema = z.object({
  ...rowFields,
  anio: z.int(),
  mensual: z.number(),
  anual12: z.number(),
  anual14: z.number(),
});
export type IpremEntry = z.infer<typeof ipremEntrySchema>;

export const euriborWarningSchema = z.object({
  /** Whether the newest month is older than the rule table's limit. */
  caducado: z.boolean(),
  /** The newest month, or null when the series is empty. */
  ultimoMes: z.nullable(z.string()),
  /** Days since the newest month ended. */
  dias: z.nullable(z.int()),
  /** The sentence the back-office shows when `caducado`. */
  texto: z.nullable(responseText(400)),
});
export type EuriborWarning = z.infer<typeof euriborWarningSchema>;

export const seriesResponseSchema = z.object({
  /** Newest period first; corrected rows stay, marked `sustituida`. */
  euribor: z.array(euriborEntrySchema).check(z.maxLength(2_000)),
  iprem: z.array(ipremEntrySchema).check(z.maxLength(500)),
  aviso: euriborWarningSchema,
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;

/** The back-office's warning about the Euribor series on `day`. */
export function euriborWarningFor(series: readonly EuriborMonth[], day: string): EuriborWarning {
  const { newest, days, stale } = euriborStaleness(series, day);
  const limit = String(RULES.series.euriborStaleAfterDays);
  let texto: string | null = null;
  if (stale) {
    texto =
      newest === null || days === null
        ? 'No hay ningún Euríbor a un año registrado: añade el último mes publicado en el BOE.'
        : `El último Euríbor a un año registrado es el de ${formatMonth(newest.mes)}, que terminó hace ${String(days)} días (más de ${limit}). Añade los meses publicados en el BOE desde entonces: hasta que lo hagas, la calculadora y la carta al banco usan ${formatMonth(newest.mes)}.`;
  }
  return { caducado: stale, ultimoMes: newest?.mes ?? null, dias: days, texto };
}
