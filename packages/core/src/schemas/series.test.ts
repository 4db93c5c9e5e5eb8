import { describe, expect, it } from 'vitest';
import { euriborAddRequestSchema, euriborWarningFor, SERIES_MESSAGES } from './series';

describe('the request to add a month of the Euribor', () => {
  it('reads the value typed the Spanish way and the BOE reference in any case', () => {
    expect(
      euriborAddRequestSchema.parse({
        mes: '2026-03',
        porcentaje: '2,25',
        referencia: ' boe-a-2026-8000 ',
      }),
    ).toEqual({
      mes: '2026-03',
      porcentaje: 2.25,
      referencia: 'BOE-A-2026-8000',
      correccion: false,
    });
  });

  it('refuses a month, a value or a reference it cannot read, each with its own message', () => {
    const result = euriborAddRequestSchema.safeParse({
      mes: '2026-13',
      porcentaje: '2,2215',
      referencia: 'BOE 8000',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['mes', SERIES_MESSAGES.monthInvalid],
      ['porcentaje', SERIES_MESSAGES.percentInvalid],
      ['referencia', SERIES_MESSAGES.referenceInvalid],
    ]);
  });

  it('asks for each empty field', () => {
    const result = euriborAddRequestSchema.safeParse({ mes: '', porcentaje: '', referencia: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      SERIES_MESSAGES.monthRequired,
      SERIES_MESSAGES.percentRequired,
      SERIES_MESSAGES.referenceRequired,
    ]);
  });
});

describe('the back-office warning', () => {
  const february = { mes: '2026-02', porcentaje: 2.221, referencia: 'BOE-A-2026-5059' };

  it('names the newest month and how long ago it ended when it is too old', () => {
    const warning = euriborWarningFor([february], '2026-11-28');
    expect(warning).toMatchObject({ caducado: true, ultimoMes: '2026-02', dias: 272 });
    expect(warning.texto).toContain('febrero de 2026, que terminó hace 272 días (más de 60)');
  });

  it('says nothing while the series is current', () => {
    expect(euriborWarningFor([february], '2026-03-20')).toEqual({
      caducado: false,
      ultimoMes: '2026-02',
      dias: 19,
      texto: null,
    });
  });
});
