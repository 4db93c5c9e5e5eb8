import { CALCULATOR_MESSAGES } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { answerRows } from './answers';
import {
  EMPTY_VALUES,
  fromRequest,
  problemAfterChange,
  stepOfField,
  stepProblem,
  submissionProblem,
  toRequest,
  withCircumstance,
  withDiscapacidad,
  type CalculatorValues,
} from './state';
import { cuotaActualFromState, prefillSentences, readStoredDraft, startingPoint } from './start';

const filled: CalculatorValues = {
  banco: 'banco-santander',
  discapacidad: 'No',
  circunstancias: { monoparental: 'reciente' },
  numbers: {
    capitalPendiente: '120.000',
    plazoRestante: '20',
    plazoOriginal: '30',
    tipoInteres: '3,25',
    ingresosBrutosAnuales: '24.000',
    ingresosNetosAnuales: '19.200',
    ingresosNetosCuatroAnios: '26.000',
    pagoMensualHipoteca: '850,50',
    cuotaCuatroAnios: '600',
    cuotaJunio2022: '620',
  },
};

function withNumber(field: keyof CalculatorValues['numbers'], text: string): CalculatorValues {
  return { ...filled, numbers: { ...filled.numbers, [field]: text } };
}

describe('the wizard steps', () => {
  it('asks for a bank on step 1 with the spec message', () => {
    expect(stepProblem(1, EMPTY_VALUES)).toEqual({
      message: CALCULATOR_MESSAGES.selectBank,
      fields: ['banco'],
    });
    expect(stepProblem(1, filled)).toBeNull();
  });

  it('lets step 2 go without answers', () => {
    expect(stepProblem(2, EMPTY_VALUES)).toBeNull();
  });

  it('names the empty mortgage figures with the spec message', () => {
    const problem = stepProblem(3, withNumber('plazoOriginal', '  '));
    expect(problem).toEqual({
      message: CALCULATOR_MESSAGES.mortgageFields,
      fields: ['plazoOriginal'],
    });
  });

  it('asks for all three incomes on step 4', () => {
    expect(stepProblem(4, withNumber('ingresosNetosAnuales', ''))?.message).toBe(
      CALCULATOR_MESSAGES.incomeFields,
    );
  });

  it('does not let a step go with a figure that cannot be used', () => {
    expect(stepProblem(3, withNumber('capitalPendiente', '0'))).toEqual({
      message: 'Los siguientes campos contienen valores inválidos: Capital pendiente',
      fields: ['capitalPendiente'],
    });
    expect(stepProblem(5, withNumber('cuotaJunio2022', 'seiscientos'))?.fields).toEqual([
      'cuotaJunio2022',
    ]);
  });

  it('takes back "selecciona un banco" as soon as a bank is chosen, and only that', () => {
    const problem = stepProblem(1, EMPTY_VALUES);
    expect(problemAfterChange(problem, EMPTY_VALUES)).toEqual(problem);
    expect(problemAfterChange(problem, { ...EMPTY_VALUES, banco: 'caixabank' })).toBeNull();
    // From 'Calcular', the list of what is missing stops naming the bank.
    const missing = submissionProblem({
      ...filled,
      banco: null,
      numbers: { ...filled.numbers, capitalPendiente: '' },
    });
    expect(missing?.message).toBe(
      'Por favor, complete los siguientes campos: Banco, Capital pendiente',
    );
    const chosen = {
      ...filled,
      banco: 'caixabank',
      numbers: { ...filled.numbers, capitalPendiente: '' },
    };
    expect(problemAfterChange(missing, chosen)).toEqual({
      message: 'Por favor, complete los siguientes campos: Capital pendiente',
      fields: ['capitalPendiente'],
    });
    // A figure's problem stays until the person tries again.
    const invalid = stepProblem(3, withNumber('capitalPendiente', '0'));
    expect(problemAfterChange(invalid, filled)).toBe(invalid);
  });

  it('does not let step 3 go with a remaining term longer than the original one', () => {
    const message =
      'El plazo restante no puede ser mayor que el plazo original. Si ya ampliaste el plazo de tu hipoteca, indica como plazo original el total tras la ampliación.';
    const longer = {
      ...filled,
      numbers: { ...filled.numbers, plazoRestante: '35', plazoOriginal: '30' },
    };
    expect(stepProblem(3, longer)).toEqual({
      message,
      fields: ['plazoRestante'],
      fieldMessage: message,
    });
    expect(submissionProblem(longer)).toEqual({
      message,
      fields: ['plazoRestante'],
      fieldMessage: message,
    });
    expect(stepProblem(3, withNumber('plazoRestante', '30'))).toBeNull();
  });

  it('checks the whole form before calculating, listing what is missing', () => {
    expect(submissionProblem(filled)).toBeNull();
    const problem = submissionProblem(withNumber('cuotaCuatroAnios', ''));
    expect(problem?.message).toBe(
      'Por favor, complete los siguientes campos: Cuota hace cuatro años',
    );
    expect(problem?.fields.map(stepOfField)).toEqual([5]);
  });
});

describe('what is sent and kept', () => {
  it('sends the figures as typed and empty ones as null', () => {
    const request = toRequest(withNumber('cuotaJunio2022', ''));
    expect(request.capitalPendiente).toBe('120.000');
    expect(request.cuotaJunio2022).toBeNull();
    expect(request.banco).toBe('banco-santander');
  });

  it('gets back every value from what the server kept', () => {
    expect(fromRequest(toRequest(filled))).toEqual(filled);
  });

  it('writes stored numbers the Spanish way', () => {
    const values = fromRequest({
      ...toRequest(filled),
      capitalPendiente: 120000.5,
      plazoRestante: 20,
    });
    expect(values.numbers.capitalPendiente).toBe('120.000,50');
    expect(values.numbers.plazoRestante).toBe('20');
  });
});

describe('where the wizard starts', () => {
  const fromSimulator = {
    values: { pagoMensualHipoteca: 700, ingresosNetosAnuales: 21600 },
    answeredAt: '2026-11-24T10:00:00.000Z',
  };

  it('opens a draft on the step where it was left', () => {
    const start = startingPoint({
      draft: { entrada: toRequest(filled), paso: 4, actualizado: '2026-11-26T10:00:00.000Z' },
      lastInput: null,
      fromSimulator,
      cuotaActual: null,
    });
    expect(start.step).toBe(4);
    expect(start.values).toEqual(filled);
    expect(start.prefilled).toBeNull();
    // A copy of changes made before the server kept this draft is older: it is not restored.
    expect(start.revision).toBe(Date.parse('2026-11-26T10:00:00.000Z'));
  });

  it('prefills what the simulator asked and says so on the step of each figure', () => {
    const start = startingPoint({ draft: null, lastInput: null, fromSimulator, cuotaActual: null });
    expect(start.values.numbers.pagoMensualHipoteca).toBe('700');
    expect(start.values.numbers.ingresosNetosAnuales).toBe('21.600');
    expect(prefillSentences(start.prefilled, 4, start.values.numbers)).toEqual([
      'Hemos puesto como ingresos netos anuales 21.600\u00a0€: doce veces los ingresos mensuales que indicaste en el simulador el 24 de noviembre de 2026. Cámbialos si no son exactos.',
    ]);
    expect(prefillSentences(start.prefilled, 3, start.values.numbers)).toEqual([]);
  });

  it('takes cuotaActual from router state when the simulator gave no instalment', () => {
    const start = startingPoint({
      draft: null,
      lastInput: null,
      fromSimulator: null,
      cuotaActual: 650.5,
    });
    expect(start.values.numbers.pagoMensualHipoteca).toBe('650,50');
    expect(start.prefilled?.source).toBe('estado');
    expect(cuotaActualFromState({ cuotaActual: 650.5 })).toBe(650.5);
    expect(cuotaActualFromState({ cuotaActual: -3 })).toBeNull();
    expect(cuotaActualFromState(null)).toBeNull();
  });

  it('starts from the last calculation when there is no draft', () => {
    const start = startingPoint({
      draft: null,
      lastInput: toRequest(filled),
      lastCalculatedAt: '2026-11-26T11:00:00.000Z',
      fromSimulator,
      cuotaActual: null,
    });
    expect(start.values).toEqual(filled);
    expect(start.step).toBe(1);
    // A copy of changes made before that calculation (on any device) is older: not restored.
    expect(start.revision).toBe(Date.parse('2026-11-26T11:00:00.000Z'));
  });
});

describe('this browser’s copy of unsaved changes', () => {
  it('reads back a copy of the wizard as it was typed, half-typed figures included', () => {
    const halfTyped = { ...filled, numbers: { ...filled.numbers, capitalPendiente: '120.0' } };
    const copy: unknown = JSON.parse(JSON.stringify({ values: halfTyped, step: 3 }));
    expect(readStoredDraft(copy)).toEqual({ values: halfTyped, step: 3 });
  });

  it('drops a copy of another shape or one the server would refuse', () => {
    expect(readStoredDraft(null)).toBeNull();
    expect(readStoredDraft({ values: filled, step: 9 })).toBeNull();
    expect(readStoredDraft({ values: { ...filled, discapacidad: 'mucha' }, step: 2 })).toBeNull();
    const fewer = Object.fromEntries(
      Object.entries(filled.numbers).filter(([field]) => field !== 'capitalPendiente'),
    );
    expect(readStoredDraft({ values: { ...filled, numbers: fewer }, step: 2 })).toBeNull();
    const endless = { ...filled.numbers, capitalPendiente: '9'.repeat(5_000) };
    expect(readStoredDraft({ values: { ...filled, numbers: endless }, step: 3 })).toBeNull();
  });
});

describe('Tus respuestas', () => {
  it('shows every answer with its label, the bank by name and figures es-ES', () => {
    const rows = answerRows(toRequest(filled));
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(byKey.Banco).toBe('Banco Santander');
    expect(byKey['Capital pendiente']).toBe('120.000,00\u00a0€');
    expect(byKey['Tipo de interés']).toBe('3,25\u00a0%');
    expect(byKey['Plazo restante']).toBe('20 años');
    expect(byKey['Familia monoparental con hijos a cargo']).toBe('Sí, en los últimos cuatro años');
    expect(byKey['Grupo familiar vulnerable']).toBeUndefined();
    expect(rows.find((row) => row.field === 'cuotaJunio2022')?.step).toBe(5);
  });
});

describe('the circumstances of special vulnerability on step 2', () => {
  it('sends each one with when it arose, and the debtor over 60 also as mayorSesenta', () => {
    const over60 = withCircumstance(EMPTY_VALUES, 'mayor-60', 'reciente');
    expect(toRequest(over60)).toMatchObject({
      circunstancias: { 'mayor-60': 'reciente' },
      mayorSesenta: true,
    });
    const none = withCircumstance(over60, 'mayor-60', 'no');
    expect(toRequest(none)).toMatchObject({ circunstancias: {}, mayorSesenta: false });
    expect(toRequest(none)).not.toHaveProperty('grupoVulnerable');
  });

  it('makes a disability answer the circumstance of a member, from before unless said otherwise', () => {
    const disabled = withDiscapacidad(EMPTY_VALUES, 'Sí, superior al 65%');
    expect(disabled.circunstancias).toEqual({ 'discapacidad-miembro': 'anterior' });
    const recent = withCircumstance(disabled, 'discapacidad-miembro', 'reciente');
    expect(recent.circunstancias).toEqual({ 'discapacidad-miembro': 'reciente' });
    // 'No' would contradict the disability answer: it is not taken.
    expect(withCircumstance(recent, 'discapacidad-miembro', 'no')).toBe(recent);
    // Without a disability answer a dependency or an illness can still be the circumstance.
    const dependency = withDiscapacidad(recent, 'No');
    expect(dependency.circunstancias).toEqual({ 'discapacidad-miembro': 'reciente' });
    expect(withCircumstance(dependency, 'discapacidad-miembro', 'no').circunstancias).toEqual({});
  });

  it('reads an input kept before the seven questions: mayorSesenta is the debtor over 60', () => {
    const older = { ...toRequest(EMPTY_VALUES), circunstancias: undefined, mayorSesenta: true };
    expect(fromRequest({ ...older, grupoVulnerable: true }).circunstancias).toEqual({
      'mayor-60': 'anterior',
    });
    const rows = answerRows({ ...older, grupoVulnerable: true });
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    // It did not say when: only that it applies.
    expect(byKey['El deudor es mayor de 60 años']).toBe('Sí');
    expect(byKey['Grupo familiar vulnerable']).toBe('Sí');
    const copy = {
      values: {
        ...EMPTY_VALUES,
        circunstancias: undefined,
        mayorSesenta: true,
        grupoVulnerable: false,
      },
      step: 2,
    };
    expect(readStoredDraft(copy)?.values.circunstancias).toEqual({ 'mayor-60': 'anterior' });
  });

  it('says "Ninguna" in Tus respuestas when none applies', () => {
    const rows = answerRows(toRequest(EMPTY_VALUES));
    expect(
      rows.find((row) => row.key === 'Circunstancias de especial vulnerabilidad'),
    ).toMatchObject({ value: 'Ninguna', step: 2 });
  });
});
