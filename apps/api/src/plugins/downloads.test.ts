import { validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './downloads';

/** The name a client reading `filename*` gets back. */
function extendedName(header: string): string {
  const match = /filename\*=UTF-8''(\S*)$/.exec(header);
  if (match?.[1] === undefined) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]);
}

/** What UTF-8 can carry of a string: a lone surrogate becomes U+FFFD. */
function wellFormed(text: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(text));
}

function plainName(header: string): string {
  const match = /^attachment; filename="([^"]*)"; filename\*=/.exec(header);
  if (match?.[1] === undefined) throw new Error(`no filename in ${header}`);
  return match[1];
}

describe('attachmentDisposition', () => {
  it('keeps a Spanish name whole in filename* and without accents in filename', () => {
    const header = attachmentDisposition('Nómina «octubre» (2026).pdf');
    expect(header).toBe(
      `attachment; filename="Nomina _octubre_ (2026).pdf"; ` +
        `filename*=UTF-8''N%C3%B3mina%20%C2%ABoctubre%C2%BB%20%282026%29.pdf`,
    );
    expect(extendedName(header)).toBe('Nómina «octubre» (2026).pdf');
  });

  it('sends an emoji name as UTF-8 and a plain ASCII copy', () => {
    const header = attachmentDisposition('📄 contrato 🏠.pdf');
    expect(() => {
      validateHeaderValue('content-disposition', header);
    }).not.toThrow();
    expect(plainName(header)).toBe('__ contrato __.pdf');
    expect(extendedName(header)).toBe('📄 contrato 🏠.pdf');
  });

  it('turns a lone surrogate into the replacement character instead of failing', () => {
    const header = attachmentDisposition('nota \ud83d.pdf');
    expect(() => {
      validateHeaderValue('content-disposition', header);
    }).not.toThrow();
    expect(extendedName(header)).toBe('nota \ufffd.pdf');
  });

  it('lets nothing of the name end the quoted value or be read as an escape', () => {
    const header = attachmentDisposition('a"b\\c%41;d\r\ne.pdf');
    expect(plainName(header)).toBe('a_b_c_41_d__e.pdf');
  });

  it('answers a valid header for any name, and filename* gives the name back', () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
    const names = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: codeUnit }));
    fc.assert(
      fc.property(names, (name) => {
        const header = attachmentDisposition(name);
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        expect(() => {
          validateHeaderValue('content-disposition', header);
        }).not.toThrow();
        expect(extendedName(header)).toBe(wellFormed(name));
      }),
    );
  });
});
