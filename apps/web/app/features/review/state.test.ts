import { REVIEW_MESSAGES, type ReviewDraftValues } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  fieldsAt,
  fromDraft,
  mergeValues,
  nextPlace,
  personLabel,
  personsNote,
  personsOf,
  placeOfField,
  placeProblem,
  previousPlace,
  problemsAt,
  readStoredValue,
  reviewProblems,
  toRequest,
  withField,
  type WizardValue,
} from './state';
import { changeContext, formatAnswer, prefillSource, summarySections } from './summary';

const filled: ReviewDraftValues = {
  numeroTitulares: '2',
  miembrosUnidadFamiliar: '3',
  nombre: 'Lucía',
  apellidos: 'Martín Gómez',
  telefono: '612345678',
  email: 'lucia@correo.es',
  bancoHipoteca: 'banco-santander',
  plazoOriginalHipoteca: '30',
  interesAnual: '3,25',
  fechaVencimiento: '2046-11-26',
  pagoMensualHipoteca: '1234,56',
  cantidadPorPagar: '120.000',
  persona1Ingresos: 'Nomina',
  persona1Discapacidad: 'no',
  persona2Ingresos: 'Prestacion Desempleo',
  persona2Discapacidad: 'no',
  persona3Ingresos: 'No tiene ingresos',
  persona3Relacion: 'hijo-hija',
  persona3Menor: 'si',
  persona3Discapacidad: 'si',
};

function at(paso: WizardValue['paso'], pestana: WizardValue['pestana'] = 'personales') {
  return (valores: ReviewDraftValues): WizardValue => ({ valores, paso, pestana });
}

describe('moving through the wizard', () => {
  it('walks the three tabs of step 2 with Siguiente before going to step 3', () => {
    let place: WizardValue = { valores: filled, paso: 1, pestana: 'personales' };
    const visited: string[] = [];
    for (let move = 0; move < 6; move += 1) {
      place = nextPlace(place);
      visited.push(place.paso === 2 ? `2/${place.pestana}` : String(place.paso));
    }
    expect(visited).toEqual(['2/personales', '2/hipoteca', '2/economicos', '3', '4', '4']);
  });

  it('goes back one step with Anterior, never below step 1, and starts each step on the first tab', () => {
    expect(previousPlace(at(3, 'economicos')(filled))).toMatchObject({
      paso: 2,
      pestana: 'personales',
    });
    expect(previousPlace(at(2, 'economicos')(filled))).toMatchObject({ paso: 1 });
    expect(previousPlace(at(1)(filled)).paso).toBe(1);
  });

  it('finds the step and tab of each field for Cambiar', () => {
    const here = at(4)(filled);
    expect(placeOfField(here, 'numeroTitulares')).toMatchObject({ paso: 1 });
    expect(placeOfField(here, 'interesAnual')).toMatchObject({ paso: 2, pestana: 'hipoteca' });
    expect(placeOfField(here, 'ingresosHace4Anos')).toMatchObject({
      paso: 2,
      pestana: 'economicos',
    });
    expect(placeOfField(here, 'persona3Relacion')).toMatchObject({ paso: 3 });
    expect(placeOfField(here, 'gestorEmail')).toMatchObject({ paso: 4 });
  });
});

describe('what blocks Siguiente', () => {
  it('asks for both counts on step 1 with the spec’s message', () => {
    expect(placeProblem(at(1)({}))).toEqual({
      errors: {
        numeroTitulares: REVIEW_MESSAGES.required,
        miembrosUnidadFamiliar: REVIEW_MESSAGES.required,
      },
      message: null,
    });
    expect(placeProblem(at(1)({ numeroTitulares: '1', miembrosUnidadFamiliar: '2,5' }))).toEqual({
      errors: { miembrosUnidadFamiliar: 'Introduce un número entero' },
      message: null,
    });
    expect(placeProblem(at(1)(filled))).toBeNull();
  });

  it('lets optional fields stay empty but not hold something unusable, tab by tab', () => {
    const counts = { numeroTitulares: '1', miembrosUnidadFamiliar: '1' };
    expect(placeProblem(at(2, 'personales')(counts))).toBeNull();
    const wrong = { ...counts, email: 'lucia@', interesAnual: '3,255' };
    expect(placeProblem(at(2, 'personales')(wrong))?.errors).toEqual({
      email: expect.any(String) as string,
    });
    expect(Object.keys(placeProblem(at(2, 'hipoteca')(wrong))?.errors ?? {})).toEqual([
      'interesAnual',
    ]);
    expect(placeProblem(at(2, 'economicos')(wrong))).toBeNull();
    // Step 2 does not stop for a count that is missing: step 1 asks for it.
    expect(placeProblem(at(2, 'personales')({}))).toBeNull();
  });

  it('stops step 3 with the spec’s message while a count is missing', () => {
    expect(placeProblem(at(3)({ numeroTitulares: '2' }))).toEqual({
      errors: {},
      message: REVIEW_MESSAGES.firstStepMissing,
    });
    expect(placeProblem(at(3)(filled))).toBeNull();
  });

  it('stops step 3 while a person fact is unanswered, and keeps what was typed', () => {
    const missing = { ...filled };
    delete missing.persona3Relacion;
    const problem = placeProblem(at(3)(missing));
    expect(problem).toEqual({
      errors: { persona3Relacion: 'Este campo es obligatorio' },
      message: null,
    });
    expect(reviewProblems(at(4)(missing))?.place).toMatchObject({ paso: 3 });
    expect(missing.persona3Menor).toBe('si');
  });

  it('checks the manager’s details on step 4 only when typed', () => {
    expect(placeProblem(at(4)(filled))).toBeNull();
    expect(placeProblem(at(4)({ ...filled, gestorTelefono: '12' }))?.errors).toHaveProperty(
      'gestorTelefono',
    );
  });

  it('before finalizing, goes to the first problem in the order of the wizard', () => {
    const problems = reviewProblems(
      at(4)({ ...filled, gestorEmail: 'x', telefono: '1', numeroTitulares: '' }),
    );
    expect(Object.keys(problems?.errors ?? {}).sort()).toEqual(
      ['gestorEmail', 'numeroTitulares', 'telefono'].sort(),
    );
    expect(problems?.first).toBe('numeroTitulares');
    expect(problems?.place).toMatchObject({ paso: 1 });
    expect(reviewProblems(at(4)({ ...filled, cuotaJunio2022: 'mucho' }))?.place).toMatchObject({
      paso: 2,
      pestana: 'hipoteca',
    });
    expect(reviewProblems(at(4)(filled))).toBeNull();
  });

  it('places the server’s field messages the same way and ignores names it does not know', () => {
    expect(
      problemsAt(at(4)(filled), { desconocido: 'x', ingresosNetosAnuales: 'Revisa este dato' }),
    ).toEqual({
      errors: { ingresosNetosAnuales: 'Revisa este dato' },
      first: 'ingresosNetosAnuales',
      place: { valores: filled, paso: 2, pestana: 'economicos' },
    });
    expect(problemsAt(at(4)(filled), { otro: 'x' })).toBeNull();
  });
});

describe('the person blocks of step 3', () => {
  it('shows max(holders, members) blocks, holders first, the others with a relationship', () => {
    const persons = personsOf(filled) ?? [];
    expect(persons.map((person) => personLabel(person, persons))).toEqual([
      'Titular 1',
      'Titular 2',
      'Miembro 1',
    ]);
    expect(fieldsAt(3, null, filled)).toEqual([
      'persona1Ingresos',
      'persona1Discapacidad',
      'persona2Ingresos',
      'persona2Discapacidad',
      'persona3Ingresos',
      'persona3Relacion',
      'persona3Menor',
      'persona3Discapacidad',
    ]);
    expect(personsNote(persons)).toBe(
      'Además de los 2 titulares, se muestra 1 miembro más de la unidad familiar.',
    );
  });

  it('says when only the holders are shown, also when members were counted short', () => {
    const one = personsOf({ numeroTitulares: '1', miembrosUnidadFamiliar: '1' }) ?? [];
    expect(personsNote(one)).toBe(
      'Se muestra solo el titular: la unidad familiar no tiene más miembros.',
    );
    const short = personsOf({ numeroTitulares: '2', miembrosUnidadFamiliar: '1' }) ?? [];
    expect(short).toHaveLength(2);
    expect(personsNote(short)).toBe(
      'Se muestran solo los 2 titulares: la unidad familiar no tiene más miembros.',
    );
    const more = personsOf({ numeroTitulares: '1', miembrosUnidadFamiliar: '4' }) ?? [];
    expect(personsNote(more)).toBe(
      'Además del titular, se muestran 3 miembros más de la unidad familiar.',
    );
  });

  it('has no blocks while a count is missing or unusable', () => {
    expect(personsOf({ numeroTitulares: '2' })).toBeNull();
    expect(personsOf({ numeroTitulares: 'dos', miembrosUnidadFamiliar: '3' })).toBeNull();
    expect(fieldsAt(3, null, {})).toEqual([]);
  });
});

describe('values to and from the server', () => {
  it('keeps what was typed, leaves emptied fields out and sends the place with the revision', () => {
    const valores = withField(withField({ nombre: 'Lucía' }, 'telefono', '612 34'), 'nombre', '  ');
    expect(valores).toEqual({ telefono: '612 34' });
    const value = fromDraft({ valores, paso: 2, pestana: 'hipoteca' });
    expect(toRequest(value, 8)).toEqual({ valores, paso: 2, pestana: 'hipoteca', revision: 8 });
  });

  it('reads a copy kept in the browser only when it has the draft’s shape', () => {
    expect(readStoredValue({ valores: { nombre: 'L' }, paso: 3, pestana: 'personales' })).toEqual({
      valores: { nombre: 'L' },
      paso: 3,
      pestana: 'personales',
    });
    expect(
      readStoredValue({ valores: { nombre: 'L' }, paso: 7, pestana: 'personales' }),
    ).toBeNull();
    expect(readStoredValue({ valores: { otro: 'L' }, paso: 1, pestana: 'personales' })).toBeNull();
    expect(readStoredValue('texto')).toBeNull();
  });

  it('merges another device’s save with this one’s changes, field by field', () => {
    const base = at(2)({ nombre: 'Lucía', telefono: '600000000', email: 'a@correo.es' });
    const mine = at(2, 'hipoteca')({ nombre: 'Lucía María', telefono: '600000000' });
    const theirs = at(3)({ nombre: 'Lucía', telefono: '611111111', email: 'a@correo.es' });
    expect(mergeValues(base, mine, theirs)).toEqual({
      valores: { nombre: 'Lucía María', telefono: '611111111' },
      paso: 2,
      pestana: 'hipoteca',
    });
  });

  it('says where a prefilled value came from until the person changes it', () => {
    const start = { nombre: 'Lucía', pagoMensualHipoteca: '850,5' };
    const prefill = { nombre: 'contacto', pagoMensualHipoteca: 'calculadora' } as const;
    expect(prefillSource('nombre', prefill, start, start)).toBe('contacto');
    expect(prefillSource('pagoMensualHipoteca', prefill, start, start)).toBe('calculadora');
    expect(
      prefillSource('pagoMensualHipoteca', prefill, start, {
        ...start,
        pagoMensualHipoteca: '900',
      }),
    ).toBeNull();
    expect(prefillSource('telefono', prefill, start, start)).toBeNull();
  });
});

describe('the check-your-answers summary', () => {
  it('formats every answer es-ES and names options and banks by their labels', () => {
    expect(formatAnswer('pagoMensualHipoteca', '1234,56')).toBe('1.234,56\u00a0€');
    expect(formatAnswer('cantidadPorPagar', '120.000')).toBe('120.000,00\u00a0€');
    expect(formatAnswer('interesAnual', '3,25')).toBe('3,25\u00a0%');
    expect(formatAnswer('fechaVencimiento', '2026-11-26')).toBe('26/11/2026');
    expect(formatAnswer('plazoOriginalHipoteca', '30')).toBe('30 años');
    expect(formatAnswer('plazoOriginalHipoteca', '1')).toBe('1 año');
    expect(formatAnswer('persona2Ingresos', 'Prestacion Desempleo')).toBe(
      'Prestación por desempleo',
    );
    expect(formatAnswer('persona3Relacion', 'pareja-de-hecho')).toBe('Pareja de hecho');
    expect(formatAnswer('bancoHipoteca', 'banco-santander')).toBe('Banco Santander');
    expect(formatAnswer('numeroTitulares', '2')).toBe('2');
    expect(formatAnswer('telefono', undefined)).toBe('No indicado');
    // What cannot be read is shown as it was typed.
    expect(formatAnswer('cuotaJunio2022', 'mucho')).toBe('mucho');
  });

  it('has one section per step, step 2 by tab, and a Cambiar that says what it changes', () => {
    const sections = summarySections(filled);
    expect(sections.map((section) => section.title)).toEqual([
      'Titulares y unidad familiar',
      'Revisión de Datos',
      'Personas de la unidad familiar',
      'Datos del gestor',
    ]);
    expect(sections[1]?.groups.map((group) => group.title)).toEqual([
      'Datos Personales',
      'Datos Hipoteca',
      'Datos Económicos',
    ]);
    expect(sections[0]?.groups[0]?.rows[0]).toEqual({
      field: 'numeroTitulares',
      label: 'Número de titulares',
      value: '2',
      changeContext: 'número de titulares',
    });
    const persons = sections[2]?.groups[0]?.rows ?? [];
    expect(persons.map((row) => [row.label, row.value, row.changeContext])).toEqual([
      ['Tipo de ingresos (Titular 1)', 'Nómina', 'tipo de ingresos del titular 1'],
      [
        '¿Tiene reconocida una discapacidad, dependencia o incapacidad para trabajar? (Titular 1)',
        'No',
        'si el titular 1 tiene reconocida una discapacidad, dependencia o incapacidad',
      ],
      [
        'Tipo de ingresos (Titular 2)',
        'Prestación por desempleo',
        'tipo de ingresos del titular 2',
      ],
      [
        '¿Tiene reconocida una discapacidad, dependencia o incapacidad para trabajar? (Titular 2)',
        'No',
        'si el titular 2 tiene reconocida una discapacidad, dependencia o incapacidad',
      ],
      ['Tipo de ingresos (Miembro 1)', 'No tiene ingresos', 'tipo de ingresos del miembro 1'],
      ['Relación con el titular (Miembro 1)', 'Hijo/Hija', 'relación con el titular del miembro 1'],
      ['¿Es menor de edad? (Miembro 1)', 'Sí', 'si el miembro 1 es menor de edad'],
      [
        '¿Tiene reconocida una discapacidad, dependencia o incapacidad para trabajar? (Miembro 1)',
        'Sí',
        'si el miembro 1 tiene reconocida una discapacidad, dependencia o incapacidad',
      ],
    ]);
    expect(sections[3]?.groups[0]?.rows.map((row) => row.changeContext)).toContain(
      'correo electrónico del gestor',
    );
    expect(changeContext('interesAnual', filled)).toBe('interés anual');
  });

  it('says on step 3 that the first step is incomplete when a count is missing', () => {
    const [, , persons] = summarySections({ nombre: 'Lucía' });
    expect(persons?.note).toBe(REVIEW_MESSAGES.firstStepMissing);
    expect(persons?.groups[0]?.rows).toEqual([]);
  });
});
