import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANK_IDS, BANKS, findBank, normalizeSearchText, searchBanks } from '.';

const names = BANKS.map((bank) => bank.nombre);

describe('BANKS', () => {
  it('lists about ninety adhered lenders', () => {
    expect(BANKS.length).toBeGreaterThanOrEqual(85);
    expect(BANKS.length).toBeLessThanOrEqual(100);
  });

  it('has unique slug ids and unique names', () => {
    expect(new Set(BANK_IDS).size).toBe(BANKS.length);
    expect(new Set(names.map(normalizeSearchText)).size).toBe(BANKS.length);
    for (const id of BANK_IDS) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('includes the main lenders by their usual names', () => {
    for (const name of [
      'Banco Santander',
      'BBVA',
      'CaixaBank',
      'Banco Sabadell',
      'Bankinter',
      'Abanca',
      'Unicaja Banco',
      'Ibercaja Banco',
      'Kutxabank',
      'Cajamar Caja Rural',
      'Deutsche Bank',
      'ING',
      'Openbank',
      'Cajasur Banco',
      'Caixa Ontinyent',
      'Colonya Caixa Pollença',
      'Arquia Bank',
      'Laboral Kutxa',
      'Targobank',
      'UCI',
      'EVO Banco',
      'Banca March',
      'Caja Rural de Navarra',
      'Caja Rural de Jaén, Barcelona y Madrid',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('spells Spanish names with their accents', () => {
    expect(names).toContain('Banco Cooperativo Español');
    expect(names).toContain('Caja Rural de Aragón');
    expect(names).toContain('Caja Rural de Gijón');
    for (const name of names)
      expect(name).not.toMatch(/Espanol|Credito|Aragon\b|Jaen\b|Gijon\b|Ibanez/);
  });

  it('is sorted the Spanish way, with ñ after n', () => {
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    for (let i = 1; i < names.length; i++) {
      expect(collator.compare(names[i - 1] ?? '', names[i] ?? '')).toBeLessThanOrEqual(0);
    }
    // Code-point order would put "Casas" first, because 'ñ' (U+00F1) comes after 's'.
    expect(names.indexOf('Caja Rural de Cañete de las Torres')).toBeLessThan(
      names.indexOf('Caja Rural de Casas Ibáñez'),
    );
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(BANKS)).toBe(true);
    expect(Object.isFrozen(BANKS[0])).toBe(true);
  });

  it('finds a bank by id', () => {
    expect(findBank('caixabank')?.nombre).toBe('CaixaBank');
    expect(findBank('no-existe')).toBeUndefined();
  });
});

describe('searchBanks', () => {
  const found = (query: string) => searchBanks(query).map((bank) => bank.nombre);

  it('ignores case and accents', () => {
    expect(found('ibercaja')).toEqual(['Ibercaja Banco']);
    expect(found('CAJAMAR')).toContain('Cajamar Caja Rural');
    expect(found('españa')).toContain('Banco Pichincha España');
    expect(found('ESPANA')).toEqual(found('españa'));
    expect(found('jaen')).toEqual(['Caja Rural de Jaén, Barcelona y Madrid']);
  });

  it('matches every word typed, in any order', () => {
    expect(found('rural granada')).toEqual(['Caja Rural de Granada']);
    expect(found('granada rural')).toEqual(['Caja Rural de Granada']);
  });

  it('finds a lender by an older or legal name', () => {
    expect(found('Bankia')).toEqual(['CaixaBank']);
    expect(found('caja de arquitectos')).toEqual(['Arquia Bank']);
    expect(found('Banco Bilbao')).toEqual(['BBVA']);
    expect(found('liberbank')).toEqual(['Unicaja Banco']);
  });

  it('puts the best match first: the whole name, then its start, then a word’s start, then inside', () => {
    expect(found('caixa')[0]).toBe('CaixaBank');
    expect(found('CAIXÀ')[0]).toBe('CaixaBank');
    expect(found('ing')[0]).toBe('ING');
    expect(found('kutxa').slice(0, 2)).toEqual(['Kutxabank', 'Laboral Kutxa']);
    // An older name typed whole comes before names that merely start with it.
    expect(found('la caixa')[0]).toBe('CaixaBank');
    // Every name that starts with "caixa" before any name with a later word starting with it.
    const caixa = found('caixa');
    const lastAtStart = caixa.findLastIndex((name) =>
      normalizeSearchText(name).startsWith('caixa'),
    );
    const firstInside = caixa.findIndex((name) => !normalizeSearchText(name).startsWith('caixa'));
    expect(lastAtStart).toBeLessThan(firstInside);
  });

  it('returns the whole list for a blank query and nothing for an unknown name', () => {
    expect(searchBanks('   ')).toBe(BANKS);
    expect(searchBanks('zzzz')).toEqual([]);
  });

  it('never returns a bank none of whose names contains every word typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (query) => {
        const words = normalizeSearchText(query).split(' ').filter(Boolean);
        for (const bank of searchBanks(query)) {
          const bankNames = [bank.nombre, ...bank.aliases].map(normalizeSearchText);
          expect(bankNames.some((name) => words.every((word) => name.includes(word)))).toBe(true);
        }
      }),
    );
  });

  it('always finds a bank from any piece of its name, typed in any case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BANKS),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (bank, start, length, upper) => {
          const from = start % bank.nombre.length;
          const piece = bank.nombre.slice(from, from + length);
          const query = upper ? piece.toUpperCase() : piece;
          expect(searchBanks(query)).toContain(bank);
        },
      ),
    );
  });
});
