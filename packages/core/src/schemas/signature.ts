import { z } from '../zod';
import { requiredText, TEXT_LIMITS } from './fields';

/*
 * A signature, drawn or typed: what the contract (billing.ts) and the declaración responsable
 * (declaration.ts) are signed with. Apart from both, so a screen that reads one does not
 * download the other's schemas.
 */

export const SIGNATURE_MESSAGES = {
  missing: 'Dibuja tu firma para continuar',
  tooLarge:
    'La firma es demasiado grande. Bórrala y fírmala de nuevo con un trazo más sencillo, o escribe tu nombre.',
  invalid: 'La firma no es válida',
  typedNameRequired: 'Escribe tu nombre completo para firmar',
  typedNameTooLong: `El nombre no puede tener más de ${String(TEXT_LIMITS.name)} caracteres`,
} as const;

export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * The largest picture the signature pad hands over: it scales its drawing down to fit, so a pad on
 * a 4× screen gives the same size as one on a 1× screen (about 300 dpi at the width the contract
 * prints it).
 */
export const SIGNATURE_PAD_MAX_WIDTH_PX = 1200;
export const SIGNATURE_PAD_MAX_HEIGHT_PX = 400;

/** Widest and tallest signature image accepted, in pixels. */
export const SIGNATURE_MAX_SIDE_PX = 2400;

/**
 * Points (pixels) of a signature image accepted: twice what the pad gives. Each one costs four
 * bytes when the image is decoded for the PDF, whatever the file's size.
 */
export const SIGNATURE_MAX_PIXELS = 2 * SIGNATURE_PAD_MAX_WIDTH_PX * SIGNATURE_PAD_MAX_HEIGHT_PX;

/**
 * Longest signature data URL accepted (about 146 KB of PNG). The pad's drawings weigh a few tens
 * of KB; each signing stores the picture twice (kept, and inside the contract's PDF), so this
 * bounds what one signature can put on disk.
 */
export const SIGNATURE_MAX_DATA_URL_LENGTH = 200_000;

const SIGNATURE_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

/**
 * The width and height a PNG data URL declares, read from its first 24 bytes (signature and
 * IHDR chunk), or null if it does not start like a PNG file.
 */
export function pngDataUrlSize(dataUrl: string): { width: number; height: number } | null {
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) return null;
  // 32 base64 characters are exactly the first 24 bytes.
  const head = dataUrl.slice(
    SIGNATURE_DATA_URL_PREFIX.length,
    SIGNATURE_DATA_URL_PREFIX.length + 32,
  );
  if (head.length < 32) return null;
  let bytes: number[];
  try {
    bytes = Array.from(atob(head), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
  const matches = (expected: number[], at: number) =>
    expected.every((byte, index) => bytes[at + index] === byte);
  if (!matches(PNG_MAGIC, 0) || !matches(IHDR, 12)) return null;
  const word = (at: number) =>
    bytes.slice(at, at + 4).reduce((value, byte) => value * 256 + byte, 0);
  return { width: word(16), height: word(20) };
}

/**
 * Drawn signature, kept as the PNG data URL the signature pad produces: it must start like a real
 * PNG file, and its bytes, sides and points are bounded so that neither storing nor decoding it
 * can take unbounded disk or memory.
 */
export const signatureSchema = z
  .string({ error: SIGNATURE_MESSAGES.missing })
  .check(
    z.minLength(1, { error: SIGNATURE_MESSAGES.missing }),
    z.maxLength(SIGNATURE_MAX_DATA_URL_LENGTH, { error: SIGNATURE_MESSAGES.tooLarge }),
    z.regex(SIGNATURE_DATA_URL, { error: SIGNATURE_MESSAGES.invalid }),
    (ctx) => {
      // The regex above already reported anything that is not a base64 PNG data URL.
      if (!SIGNATURE_DATA_URL.test(ctx.value)) return;
      const size = pngDataUrlSize(ctx.value);
      if (size === null || size.width === 0 || size.height === 0) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: SIGNATURE_MESSAGES.invalid });
      } else if (
        size.width > SIGNATURE_MAX_SIDE_PX ||
        size.height > SIGNATURE_MAX_SIDE_PX ||
        size.width * size.height > SIGNATURE_MAX_PIXELS
      ) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: SIGNATURE_MESSAGES.tooLarge });
      }
    },
  );

/** A drawn signature (the pad's PNG) or, for whoever cannot draw, the full name typed. */
export const contractSignatureSchema = z.discriminatedUnion(
  'tipo',
  [
    z.strictObject({ tipo: z.literal('dibujada'), imagen: signatureSchema }),
    z.strictObject({
      tipo: z.literal('escrita'),
      nombre: requiredText(TEXT_LIMITS.name, {
        required: SIGNATURE_MESSAGES.typedNameRequired,
        tooLong: SIGNATURE_MESSAGES.typedNameTooLong,
      }),
    }),
  ],
  { error: 'Firma el contrato para continuar' },
);
export type ContractSignature = z.infer<typeof contractSignatureSchema>;
