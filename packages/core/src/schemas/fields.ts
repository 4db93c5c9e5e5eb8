import { z } from '../zod';
import { TEXT_LIMITS } from './limits';

export { TEXT_LIMITS };

/**
 * Characters that are invisible or change how the text around them is shown: control codes
 * (line breaks, NUL...), line and paragraph separators, bidirectional overrides and isolates,
 * other format characters and private-use code points. These strings end up in e-mail subjects,
 * the firm's screens and logs, where they could disguise one name as another. Zero-width
 * joiners stay, because some scripts and emoji need them (docs/decisions/0313-text-characters.md).
 */
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Co}\p{Cs}]|(?![\u200C\u200D])\p{Cf}/u;

export const TEXT_CHARACTERS_MESSAGE =
  'El texto contiene caracteres invisibles o de control que no se admiten. Escríbelo de nuevo sin ellos.';

/** True when the text has none of the characters above. */
export function hasOnlyVisibleText(text: string): boolean {
  return !HIDDEN_OR_CONTROL.test(text);
}

const HIDDEN_OR_CONTROL_ALL = new RegExp(HIDDEN_OR_CONTROL.source, 'gu');

/**
 * The text composed (NFC) with the characters above removed, for text a person did not type
 * and should not be refused for, such as the name their device gave a file (decision 0313).
 */
export function withoutHiddenCharacters(text: string): string {
  return text.normalize('NFC').replace(HIDDEN_OR_CONTROL_ALL, '');
}

interface TextMessages {
  required: string;
  tooLong: string;
  /** For invisible or control characters; a generic message when absent. */
  invalidCharacters?: string;
}

/** Composed (NFC) before anything is counted or checked, so 'é' is one character however typed. */
const toNfc = (value: string) => value.normalize('NFC');

export function requiredText(max: number, messages: TextMessages) {
  return z.string({ error: messages.required }).check(
    z.overwrite(toNfc),
    z.trim(),
    z.minLength(1, { error: messages.required }),
    z.maxLength(max, { error: messages.tooLong }),
    z.refine(hasOnlyVisibleText, {
      error: messages.invalidCharacters ?? TEXT_CHARACTERS_MESSAGE,
      abort: true,
    }),
  );
}

/** Optional free text; blank input is kept as an empty string. */
export function optionalText(max: number, tooLong: string) {
  return z.optional(
    z
      .string({ error: 'Introduce un texto' })
      .check(
        z.overwrite(toNfc),
        z.trim(),
        z.maxLength(max, { error: tooLong }),
        z.refine(hasOnlyVisibleText, { error: TEXT_CHARACTERS_MESSAGE, abort: true }),
      ),
  );
}

/** Text that a server sent: only bounded, never rejected for its content. */
export function responseText(max: number) {
  return z.string().check(z.maxLength(max));
}

export const EMAIL_MESSAGES = {
  required: 'Introduce tu correo electrónico',
  invalid: 'Introduce un correo electrónico válido',
  tooLong: 'El correo electrónico no puede superar 254 caracteres',
} as const;

/** Trimmed and lower-cased before it is checked, so 'Ana@Correo.ES ' is stored as 'ana@correo.es'. */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: EMAIL_MESSAGES.required }),
    z.maxLength(TEXT_LIMITS.email, { error: EMAIL_MESSAGES.tooLong }),
    z.regex(z.regexes.email, { error: EMAIL_MESSAGES.invalid }),
  );

export const PHONE_MESSAGES = {
  required: 'Introduce tu teléfono',
  invalid: 'Introduce un teléfono español válido (9 dígitos)',
} as const;

const PHONE_SEPARATORS = /[\s.\-()]/g;
const SPANISH_PHONE = /^(?:(?:\+|00)34)?[6789]\d{8}$/;

/**
 * The 9-digit national number of a Spanish phone typed with or without +34 / 0034 and with
 * spaces, dots, hyphens or brackets; null when it is not one
 * (docs/decisions/0152-spanish-phone-numbers.md).
 */
export function normalizeSpanishPhone(input: string): string | null {
  if (input.length > TEXT_LIMITS.phoneInput) return null;
  const compact = input.replace(PHONE_SEPARATORS, '');
  if (!SPANISH_PHONE.test(compact)) return null;
  return compact.slice(-9);
}

export const phoneSchema = z.string({ error: PHONE_MESSAGES.required }).check(
  z.trim(),
  z.minLength(1, { error: PHONE_MESSAGES.required }),
  z.maxLength(TEXT_LIMITS.phoneInput, { error: PHONE_MESSAGES.invalid }),
  z.overwrite((value) => value.replace(PHONE_SEPARATORS, '')),
  z.regex(SPANISH_PHONE, { error: PHONE_MESSAGES.invalid }),
  z.overwrite((value) => value.slice(-9)),
);

const blank = z.string().check(z.trim(), z.length(0));

/** An optional field that forms send as '' when left empty. */
export function blankOr<T extends z.ZodMiniType<string>>(schema: T, message: string) {
  return z.optional(z.union([blank, schema], { error: message }));
}

export const ID_MESSAGE = 'El identificador no es válido';

/** Identifiers travel in URL paths, so only URL-safe characters are accepted. */
export const idSchema = z
  .string({ error: ID_MESSAGE })
  .check(
    z.trim(),
    z.minLength(1, { error: ID_MESSAGE }),
    z.maxLength(TEXT_LIMITS.id, { error: ID_MESSAGE }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: ID_MESSAGE }),
  );

/** A lead's id: the database's uuid, so anything else is refused before it reaches a query. */
export const leadIdSchema = z.uuid({ error: 'El identificador del lead no es válido' });

export const tokenSchema = z
  .string({ error: 'Falta el token de sesión' })
  .check(
    z.minLength(1, { error: 'Falta el token de sesión' }),
    z.maxLength(TEXT_LIMITS.token, { error: 'El token de sesión no es válido' }),
  );

export const httpUrlSchema = z
  .url({ protocol: /^https?$/, error: 'El enlace no es válido' })
  .check(z.maxLength(TEXT_LIMITS.url, { error: 'El enlace es demasiado largo' }));

export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: 'La fecha no es válida' });
export const isoDateSchema = z.iso.date({ error: 'La fecha no es válida (AAAA-MM-DD)' });
export const dateOrDateTimeSchema = z.union([isoDateTimeSchema, isoDateSchema], {
  error: 'La fecha no es válida',
});

interface NumberMessages {
  required: string;
  invalid: string;
}

/** A finite number within [min, max]; NaN and Infinity are rejected as not numbers. */
export function boundedNumber(
  min: number,
  max: number,
  messages: NumberMessages & { range: string },
) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? messages.required : messages.invalid),
    })
    .check(z.gte(min, { error: messages.range }), z.lte(max, { error: messages.range }));
}

export function boundedInt(min: number, max: number, messages: NumberMessages & { range: string }) {
  return z
    .int({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) })
    .check(z.gte(min, { error: messages.range }), z.lte(max, { error: messages.range }));
}

/** Object-level messages: unknown fields in a strict object and a body that is not an object. */
export function objectError(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys;
    return keys.length === 1
      ? `Campo no permitido: ${keys.join(', ')}`
      : `Campos no permitidos: ${keys.join(', ')}`;
  }
  return 'Los datos enviados no son válidos';
}
