import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailSchema, idSchema, normalizeSpanishPhone, phoneSchema } from '.';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('phoneSchema', () => {
  it.each([
    ['612345678', '612345678'],
    ['612 34 56 78', '612345678'],
    ['+34 612 345 678', '612345678'],
    ['0034612345678', '612345678'],
    ['  +34-612.34.56.78 ', '612345678'],
    ['(+34) 912 345 678', '912345678'],
    ['712345678', '712345678'],
    ['812345678', '812345678'],
  ])('accepts %j and keeps the 9-digit number %s', (input, expected) => {
    expect(phoneSchema.parse(input)).toBe(expected);
    expect(normalizeSpanishPhone(input.trim())).toBe(expected);
  });

  it.each([
    ['512345678', 'starts with 5'],
    ['61234567', '8 digits'],
    ['6123456789', '10 digits'],
    ['34612345678', 'country code without + or 00'],
    ['+33612345678', 'French prefix'],
    ['6123456a8', 'a letter'],
    ['+34 612 345 678 000 000 000 000', 'too long'],
  ])('rejects %j (%s) with the Spanish message', (input) => {
    expect(firstMessage(phoneSchema.safeParse(input))).toBe(
      'Introduce un teléfono español válido (9 dígitos)',
    );
    expect(normalizeSpanishPhone(input)).toBeNull();
  });

  it('asks for the phone when it is missing or blank', () => {
    expect(firstMessage(phoneSchema.safeParse(undefined))).toBe('Introduce tu teléfono');
    expect(firstMessage(phoneSchema.safeParse('   '))).toBe('Introduce tu teléfono');
  });

  it('normalises any valid spelling to the same 9 digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('6', '7', '8', '9'),
        fc.stringMatching(/^\d{8}$/),
        fc.constantFrom('', '+34', '0034', '+34 '),
        fc.constantFrom('', ' '),
        (first, rest, prefix, separator) => {
          const digits = `${first}${rest}`;
          const typed = `${prefix}${digits.slice(0, 3)}${separator}${digits.slice(3, 6)}${separator}${digits.slice(6)}`;
          expect(phoneSchema.parse(typed)).toBe(digits);
        },
      ),
    );
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases the address', () => {
    expect(emailSchema.parse('  Ana.Garcia@Correo.ES ')).toBe('ana.garcia@correo.es');
  });

  it('rejects malformed addresses in Spanish', () => {
    for (const input of ['ana', 'ana@', '@correo.es', 'ana@correo', 'ana correo@x.es']) {
      expect(firstMessage(emailSchema.safeParse(input))).toBe(
        'Introduce un correo electrónico válido',
      );
    }
    expect(firstMessage(emailSchema.safeParse(''))).toBe('Introduce tu correo electrónico');
    expect(firstMessage(emailSchema.safeParse(`${'a'.repeat(250)}@x.es`))).toBe(
      'El correo electrónico no puede superar 254 caracteres',
    );
  });
});

describe('idSchema', () => {
  it('accepts URL-safe identifiers only', () => {
    expect(idSchema.parse('3f2a9c1e-7b4d-4e2a-9f00-0c1d2e3f4a5b')).toBe(
      '3f2a9c1e-7b4d-4e2a-9f00-0c1d2e3f4a5b',
    );
    expect(idSchema.safeParse('../admin').success).toBe(false);
    expect(idSchema.safeParse('a'.repeat(65)).success).toBe(false);
  });
});
