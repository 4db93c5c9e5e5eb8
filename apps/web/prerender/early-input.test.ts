import { Script } from 'node:vm';

import { describe, expect, it } from 'vitest';

import { EarlyInputError, withEarlyInput } from './early-input';

const PAGE =
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
  '<title>Acceso clientes</title><link rel="stylesheet" href="/assets/root-1.css"/></head>' +
  '<body><form><input name="email"/></form></body></html>';

describe('withEarlyInput', () => {
  it('puts one classic script right after the viewport, before the title and the stylesheet', () => {
    const html = withEarlyInput(PAGE, '/login');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const at = html.indexOf('<script>');
    expect(html.indexOf('name="viewport"')).toBeLessThan(at);
    expect(at).toBeLessThan(html.indexOf('<title>'));
    expect(at).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(html.replace(scripts[0]?.[0] ?? '', '')).toBe(PAGE);
  });

  it('serialises a script that stands on its own and ends no element early', () => {
    const html = withEarlyInput(PAGE, '/login');
    const source = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    // Parses as a script of its own (it has no access to the build's modules).
    expect(() => new Script(source)).not.toThrow();
    expect(source).not.toMatch(/\bimport\b|\brequire\(|__vite|__name/);
    expect(source).toContain('data-hydrated');
  });

  it('refuses a page without the viewport tag it is placed after', () => {
    expect(() => withEarlyInput('<html><head></head><body></body></html>', '/roto')).toThrow(
      EarlyInputError,
    );
  });
});
