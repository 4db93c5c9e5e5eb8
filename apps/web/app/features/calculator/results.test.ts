import type { CalculationResult } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  explainCalculation,
  monthlyDifferenceText,
  resultCallToAction,
  savingsSentence,
  totalTermSentence,
} from './results';
import { nextTaskLink } from './next-task';

const base: CalculationResult = {
  tipoCarencia: 'carencia5',
  cuotaActual: 850,
  nuevaCuota: 216.8,
  cuotaPostCarencia: 700,
  ahorro: 38_112,
  plazoCarencia: 5,
  plazoExtendido: 240,
  nuevoInteres: 2.121,
  tasaEsfuerzoActual: 53,
  incrementoEsfuerzo: 1.9,
  cumpleRequisitos: true,
  codigo: 'cbp2012',
  fechaEvaluacion: '2026-11-25',
  versionReglas: '2026-11',
  euribor: { mes: '2026-02', porcentaje: 2.221 },
  condiciones: [
    {
      codigo: 'cbp2012',
      abierto: true,
      cerradoTras: null,
      estado: 'meets',
      lista: [
        {
          id: 'income',
          texto: 'Ingresos de la unidad familiar hasta 25.200 € al año',
          cumple: true,
        },
        { id: 'residence', texto: 'La vivienda es tu vivienda habitual', cumple: null },
      ],
    },
    {
      codigo: 'cbp2022',
      abierto: false,
      cerradoTras: '2025-11-24',
      estado: 'meets',
      lista: [{ id: 'share', texto: 'La cuota supera el 30 % de tus ingresos', cumple: true }],
    },
  ],
};

describe('explaining a result', () => {
  it('names the code that applies on the day and lists its conditions', () => {
    const explanation = explainCalculation(base);
    expect(explanation.qualifies).toBe(true);
    expect(explanation.verdict).toBe(
      'Con los datos que nos has dado, puedes acogerte al Código de Buenas Prácticas de 2012, según la ley vigente el 25 de noviembre de 2026.',
    );
    expect(explanation.conditions.map((condition) => condition.state)).toEqual(['met', 'to-check']);
  });

  it('says when a closed code would have applied and when it stopped taking applications', () => {
    expect(explainCalculation(base).closedCodes).toEqual([
      'El Código de Buenas Prácticas de 2022 también encajaría con tus datos, pero solo admitió solicitudes hasta el 24 de noviembre de 2025.',
    ]);
  });

  it('says "también" only when the 2012 code fits too; alone, the closed code would have applied', () => {
    const onlyClosed: CalculationResult = {
      ...base,
      cumpleRequisitos: false,
      codigo: null,
      tipoCarencia: 'exclusion',
      euribor: null,
    };
    expect(explainCalculation(onlyClosed).closedCodes).toEqual([
      'Con tus datos se habría podido aplicar el Código de Buenas Prácticas de 2022, pero solo admitió solicitudes hasta el 24 de noviembre de 2025: ese plazo ya está cerrado.',
    ]);
  });

  it('explains the grace rate from the Euribor and its month, with the Euribor’s three decimals', () => {
    expect(explainCalculation(base, '2026-03-15').rateNote).toBe(
      'Durante la carencia pagarías un interés del 2,121\u00a0%: el Euríbor a un año de febrero de 2026 (2,221\u00a0%) menos 0,10 puntos, como fija el código.',
    );
    expect(explainCalculation({ ...base, euribor: null }).rateNote).toBeNull();
  });

  it('says the firm will update a stale Euribor before presenting the request', () => {
    expect(explainCalculation(base, '2026-11-28').rateNote).toBe(
      'Durante la carencia pagarías un interés del 2,121\u00a0%: el Euríbor a un año de febrero de 2026 (2,221\u00a0%) menos 0,10 puntos, como fija el código. Es el último Euríbor que tenemos registrado: antes de presentar tu solicitud al banco lo actualizaremos con el último mes publicado en el BOE, así que este interés puede cambiar un poco.',
    );
  });

  it('never says "puedes" without an open code, and shows the conditions not met', () => {
    const refused: CalculationResult = {
      ...base,
      cumpleRequisitos: false,
      codigo: null,
      tipoCarencia: 'exclusion',
      condiciones: [
        {
          codigo: 'cbp2012',
          abierto: true,
          cerradoTras: null,
          estado: 'fails',
          lista: [{ id: 'income', texto: 'Ingresos hasta 25.200 € al año', cumple: false }],
        },
      ],
    };
    const explanation = explainCalculation(refused);
    expect(explanation.qualifies).toBe(false);
    expect(explanation.verdict).toContain('hoy no puedes acogerte');
    expect(explanation.codeName).toBe('Código de Buenas Prácticas de 2012');
    expect(explanation.conditions).toEqual([
      { id: 'income', text: 'Ingresos hasta 25.200 € al año', state: 'failed' },
    ]);
  });

  it('words the savings of the grace period', () => {
    expect(savingsSentence(base)).toBe(
      'Durante los 5 años de carencia pagarías 633,20\u00a0€ menos cada mes: 38.112,00\u00a0€ en total.',
    );
    expect(savingsSentence({ ...base, plazoCarencia: 0, ahorro: 0 })).toBeNull();
    // A one-year grace period (a result saved under the 2022 code) reads as one year.
    expect(savingsSentence({ ...base, plazoCarencia: 1, ahorro: 7_598.4 })).toBe(
      'Durante el año de carencia pagarías 633,20\u00a0€ menos cada mes: 7.598,40\u00a0€ en total.',
    );
  });

  it('says in words when the instalment does not go down, and why, never "0,00 € menos"', () => {
    const same = { ...base, nuevaCuota: 850, ahorro: 0 };
    expect(savingsSentence(same)).toBe(
      'La cuota no baja durante la carencia: pagarías 850,00\u00a0€ al mes, lo mismo que ahora (850,00\u00a0€). Durante la carencia solo pagas intereses, al 2,121\u00a0%, y con lo que debes eso no es menos que tu cuota de hoy.',
    );
    const higher = { ...base, nuevaCuota: 900, ahorro: -3_000 };
    expect(savingsSentence(higher)).toContain(
      'pagarías 900,00\u00a0€ al mes, más que los 850,00\u00a0€ de ahora',
    );
    const floored = {
      ...base,
      tipoCarencia: 'carencia1' as const,
      plazoCarencia: 1,
      nuevaCuota: 850.004,
      ahorro: -0.05,
    };
    expect(savingsSentence(floored)).toContain('no baja de la que pagabas en junio de 2022');
    for (const result of [same, higher, floored])
      expect(savingsSentence(result)).not.toContain('0,00\u00a0€ menos');
  });
});

describe('the instalment after the grace with extra years', () => {
  it('explains "Plazo total" as the years left plus the code’s extension plus the years chosen', () => {
    // 22 years left, 7 of the code's extension: 348 months.
    const result = { plazoExtendido: 348 };
    expect(totalTermSentence({ plazoRestante: 22 }, result, 0)).toBe(
      'Desde hoy hasta la última cuota: los 22 años que te quedan más 7 años de ampliación que permite el código.',
    );
    expect(totalTermSentence({ plazoRestante: 22 }, result, 1)).toBe(
      'Desde hoy hasta la última cuota: los 22 años que te quedan más 7 años de ampliación que permite el código y 1 año adicional que has elegido.',
    );
    // A loan already at 40 years from its start gets no extension.
    expect(totalTermSentence({ plazoRestante: 22 }, { plazoExtendido: 264 }, 0)).toBe(
      'Desde hoy hasta la última cuota: los 22 años que te quedan; sin ampliación del código, porque la hipoteca no puede pasar de 40 años desde su firma.',
    );
  });

  it('says the monthly difference in words when there is none', () => {
    expect(monthlyDifferenceText({ diferenciaMensual: 0 }, 0)).toBe(
      'La cuota no baja: aún no has añadido años',
    );
    expect(monthlyDifferenceText({ diferenciaMensual: 0.001 }, 2)).toBe('La cuota no baja');
    expect(monthlyDifferenceText({ diferenciaMensual: 41.69 }, 3)).toBe('41,69\u00a0€ menos');
  });
});

describe('the result’s next step', () => {
  it('leads to the first open task after the calculator that is not done, with the menu’s name', () => {
    expect(
      nextTaskLink(
        new Map([
          ['calcular-cuota', 'completado'],
          ['obtener-documentos', 'no-empezado'],
          ['seleccionar-plan', 'no-empezado'],
        ]),
      ),
    ).toEqual({
      id: 'obtener-documentos',
      label: 'Obtener Documentos',
      href: '/app/obtener-documentos',
      action: 'Empezar con mis documentos',
    });
    expect(
      nextTaskLink(
        new Map([
          ['calcular-cuota', 'completado'],
          ['obtener-documentos', 'completado'],
          ['seleccionar-plan', 'en-curso'],
        ]),
      ),
    ).toMatchObject({ href: '/app/honorarios', action: 'Seguir con mi plan' });
  });

  it('offers none while the states are unknown or when no later task is open', () => {
    expect(nextTaskLink(null)).toBeNull();
    expect(nextTaskLink(new Map([['calcular-cuota', 'completado']]))).toBeNull();
  });
});

describe('what the result asks to do next', () => {
  const documents = {
    id: 'obtener-documentos',
    label: 'Obtener Documentos',
    href: '/app/obtener-documentos',
    action: 'Empezar con mis documentos',
  } as const;

  it('keeps the spec’s bar and the next task for a result that qualifies', () => {
    expect(resultCallToAction(true, documents)).toEqual({
      kind: 'next-task',
      barMessage: null,
      next: documents,
    });
  });

  it('promises nothing to someone who does not qualify: review the data or talk to the firm', () => {
    const action = resultCallToAction(false, documents);
    expect(action).toEqual({
      kind: 'review-or-contact',
      barMessage: '¿Algún dato no es correcto? Revísalo o habla con nosotros',
      intro:
        'Si algún dato no es correcto, revísalo y vuelve a calcular. Si tienes dudas sobre tu caso, habla con nosotros.',
    });
    expect(JSON.stringify(action)).not.toMatch(/Acógete|documentos/);
  });
});
