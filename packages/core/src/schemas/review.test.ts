import { describe, expect, it } from 'vitest';
import { HOUSEHOLD_LIMITS } from '../documents';
import {
  INCOME_TYPE_OPTIONS,
  INCOME_TYPES,
  managerSchema,
  PERSONA_INDICES,
  RELATIONSHIP_OPTIONS,
  RELATIONSHIPS,
  reviewCountsSchema,
  reviewFormSchema,
  reviewPersons,
  reviewDraftRequestSchema,
  reviewFieldPlace,
  reviewFormFromValues,
  personFields,
  missingPersonFactsMessage,
} from '.';

const fieldMessages = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('reviewCountsSchema (step 1)', () => {
  it('requires both counts with the spec’s message', () => {
    expect(fieldMessages(reviewCountsSchema.safeParse({}))).toEqual({
      numeroTitulares: 'Este campo es obligatorio',
      miembrosUnidadFamiliar: 'Este campo es obligatorio',
    });
  });

  it('takes whole numbers within the household limits', () => {
    expect(reviewCountsSchema.parse({ numeroTitulares: 2, miembrosUnidadFamiliar: 4 })).toEqual({
      numeroTitulares: 2,
      miembrosUnidadFamiliar: 4,
    });
    expect(
      fieldMessages(
        reviewCountsSchema.safeParse({ numeroTitulares: 1.5, miembrosUnidadFamiliar: 0 }),
      ),
    ).toEqual({
      numeroTitulares: 'Introduce un número entero',
      miembrosUnidadFamiliar: 'Introduce un número entre 1 y 20',
    });
  });
});

describe('reviewFormSchema', () => {
  const form = {
    numeroTitulares: 2,
    miembrosUnidadFamiliar: 3,
    nombre: 'Lucía',
    apellidos: 'Martínez Peña',
    telefono: '612 345 678',
    email: 'Lucia@Correo.es',
    domicilio: 'Calle Mayor 1, 28013 Madrid',
    bancoHipoteca: 'caixabank',
    plazoOriginalHipoteca: 30,
    interesAnual: 3.25,
    fechaVencimiento: '2045-06-30',
    pagoMensualHipoteca: 720.5,
    cuotaJunio2022: 610,
    cuotaHace4Anos: 590,
    cantidadPorPagar: 145_000,
    ingresosBrutosAnuales: 30_000,
    ingresosNetosAnuales: 24_000,
    ingresosHace4Anos: 27_000,
    persona1Ingresos: 'Nomina',
    persona2Ingresos: 'Prestacion Desempleo',
    persona3Ingresos: 'No tiene ingresos',
    persona3Relacion: 'hijo-hija',
    gestorNombre: '',
    gestorEmail: '',
    gestorTelefono: '',
  };

  it('accepts the full form with the spec’s field names, normalising e-mail and phone', () => {
    expect(reviewFormSchema.parse(form)).toMatchObject({
      email: 'lucia@correo.es',
      telefono: '612345678',
      gestorEmail: '',
    });
  });

  it('accepts a draft with only the counts', () => {
    expect(
      reviewFormSchema.safeParse({ numeroTitulares: 1, miembrosUnidadFamiliar: 1 }).success,
    ).toBe(true);
  });

  it('refuses values outside the option lists and people beyond the limit', () => {
    expect(
      fieldMessages(
        reviewFormSchema.safeParse({
          ...form,
          persona1Ingresos: 'Lotería',
          persona3Relacion: 'primo',
        }),
      ),
    ).toEqual({
      persona1Ingresos: 'Elige un tipo de ingresos de la lista',
      persona3Relacion: 'Elige una relación de la lista',
    });
    expect(
      fieldMessages(reviewFormSchema.safeParse({ ...form, persona21Ingresos: 'Nomina' })),
    ).toEqual({
      '': 'Campo no permitido: persona21Ingresos',
    });
  });

  it('checks the manager’s e-mail and phone only when they are filled in', () => {
    expect(
      fieldMessages(
        reviewFormSchema.safeParse({ ...form, gestorEmail: 'gestor@', gestorTelefono: '123' }),
      ),
    ).toEqual({
      gestorEmail: 'Introduce un correo electrónico válido',
      gestorTelefono: 'Introduce un teléfono español válido (9 dígitos)',
    });
  });

  it('keeps the interest to two decimals and amounts non-negative', () => {
    expect(
      fieldMessages(
        reviewFormSchema.safeParse({ ...form, interesAnual: 3.255, cantidadPorPagar: -1 }),
      ),
    ).toEqual({
      interesAnual: 'El interés admite como máximo dos decimales',
      cantidadPorPagar: 'Introduce un importe entre 0 y 10.000.000 €',
    });
  });

  it('refuses a date that is not a calendar date', () => {
    expect(
      fieldMessages(reviewFormSchema.safeParse({ ...form, fechaVencimiento: '30/06/2045' })),
    ).toEqual({
      fechaVencimiento: 'La fecha no es válida (AAAA-MM-DD)',
    });
  });
});

describe('managerSchema', () => {
  it('has only optional gestor fields', () => {
    expect(managerSchema.parse({})).toEqual({});
    expect(Object.keys(managerSchema.shape)).toEqual([
      'gestorNombre',
      'gestorApellidos',
      'gestorEmail',
      'gestorTelefono',
      'gestorDireccion',
    ]);
  });
});

describe('option lists', () => {
  it('pair each spec value with a label people read', () => {
    expect(INCOME_TYPE_OPTIONS.map((option) => option.value)).toEqual([...INCOME_TYPES]);
    expect(RELATIONSHIP_OPTIONS.map((option) => option.value)).toEqual([...RELATIONSHIPS]);
    expect(RELATIONSHIP_OPTIONS[0]).toEqual({ value: 'conyuge', label: 'Cónyuge' });
  });

  it('cover every person the household limits allow', () => {
    expect(PERSONA_INDICES).toHaveLength(
      Math.max(HOUSEHOLD_LIMITS.maxTitulares, HOUSEHOLD_LIMITS.maxMiembros),
    );
  });
});

describe('reviewPersons (step 3)', () => {
  it('shows max(holders, members) blocks, holders first, and asks the relationship only of the others', () => {
    expect(reviewPersons(2, 4).map((person) => [person.ingresosKey, person.relacionKey])).toEqual([
      ['persona1Ingresos', null],
      ['persona2Ingresos', null],
      ['persona3Ingresos', 'persona3Relacion'],
      ['persona4Ingresos', 'persona4Relacion'],
    ]);
    expect(reviewPersons(1, 2).map(personFields)).toEqual([
      ['persona1Ingresos', 'persona1Discapacidad'],
      ['persona2Ingresos', 'persona2Relacion', 'persona2Menor', 'persona2Discapacidad'],
    ]);
    expect(reviewPersons(3, 1).every((person) => person.isHolder)).toBe(true);
    expect(reviewPersons(3, 1)).toHaveLength(3);
  });
});

describe('reviewFormFromValues (the draft as typed, read as the form)', () => {
  it('reads Spanish numbers and leaves empty fields out', () => {
    const check = reviewFormFromValues({
      numeroTitulares: '1',
      miembrosUnidadFamiliar: '1',
      pagoMensualHipoteca: '1.234,56',
      interesAnual: '3,25',
      nombre: '  Lucía ',
      domicilio: '',
      persona1Ingresos: 'Nomina',
      persona1Discapacidad: 'no',
    });
    expect(check).toEqual({
      ok: true,
      form: {
        numeroTitulares: 1,
        miembrosUnidadFamiliar: 1,
        pagoMensualHipoteca: 1234.56,
        interesAnual: 3.25,
        nombre: 'Lucía',
        persona1Ingresos: 'Nomina',
        persona1Discapacidad: 'no',
      },
    });
  });

  it('gives the spec’s message for each missing count and the field’s message otherwise', () => {
    expect(reviewFormFromValues({ interesAnual: '3,255' })).toEqual({
      ok: false,
      errors: {
        numeroTitulares: 'Este campo es obligatorio',
        miembrosUnidadFamiliar: 'Este campo es obligatorio',
        interesAnual: 'El interés admite como máximo dos decimales',
      },
    });
    const letters = reviewFormFromValues({
      numeroTitulares: 'dos',
      miembrosUnidadFamiliar: '1',
    });
    expect(letters).toEqual({
      ok: false,
      errors: { numeroTitulares: 'Introduce un número entero' },
    });
  });

  it('drops the answers of person blocks the counts no longer show', () => {
    const check = reviewFormFromValues({
      numeroTitulares: '1',
      miembrosUnidadFamiliar: '2',
      persona1Ingresos: 'Nomina',
      persona1Discapacidad: 'no',
      persona2Ingresos: 'Pension',
      persona2Relacion: 'conyuge',
      persona2Menor: 'no',
      persona2Discapacidad: 'si',
      persona3Ingresos: 'Facturas',
      persona1Relacion: 'hijo-hija',
      persona1Menor: 'si',
    });
    expect(check.ok && check.form).toEqual({
      numeroTitulares: 1,
      miembrosUnidadFamiliar: 2,
      persona1Ingresos: 'Nomina',
      persona1Discapacidad: 'no',
      persona2Ingresos: 'Pension',
      persona2Relacion: 'conyuge',
      persona2Menor: 'no',
      persona2Discapacidad: 'si',
    });
  });

  it('requires every fact of each person block the counts show, and names them in one sentence', () => {
    const valores = {
      numeroTitulares: '1',
      miembrosUnidadFamiliar: '2',
      persona1Discapacidad: 'no',
      persona2Ingresos: 'Nomina',
      persona2Menor: 'no',
    };
    const check = reviewFormFromValues(valores);
    expect(check).toEqual({
      ok: false,
      errors: {
        persona1Ingresos: 'Este campo es obligatorio',
        persona2Relacion: 'Este campo es obligatorio',
        persona2Discapacidad: 'Este campo es obligatorio',
      },
    });
    expect(missingPersonFactsMessage(valores, check.ok ? {} : check.errors)).toBe(
      'Falta indicar el tipo de ingresos (Titular 1), la relación con el titular (Miembro 1) y si tiene reconocida una discapacidad, dependencia o incapacidad (Miembro 1).',
    );
    expect(missingPersonFactsMessage(valores, {})).toBeNull();
  });

  it('keeps a wrong answer’s own message rather than calling it missing', () => {
    const check = reviewFormFromValues({
      numeroTitulares: '1',
      miembrosUnidadFamiliar: '1',
      persona1Ingresos: 'Lotería',
      persona1Discapacidad: 'quizá',
    });
    expect(check.ok ? {} : check.errors).toEqual({
      persona1Ingresos: 'Elige un tipo de ingresos de la lista',
      persona1Discapacidad: 'Elige sí o no',
    });
  });
});

describe('reviewFieldPlace', () => {
  it('says where each answer is asked, so the summary’s Cambiar returns to it', () => {
    expect(reviewFieldPlace('miembrosUnidadFamiliar')).toEqual({ paso: 1, pestana: null });
    expect(reviewFieldPlace('telefono')).toEqual({ paso: 2, pestana: 'personales' });
    expect(reviewFieldPlace('bancoHipoteca')).toEqual({ paso: 2, pestana: 'hipoteca' });
    expect(reviewFieldPlace('ingresosHace4Anos')).toEqual({ paso: 2, pestana: 'economicos' });
    expect(reviewFieldPlace('persona3Relacion')).toEqual({ paso: 3, pestana: null });
    expect(reviewFieldPlace('gestorEmail')).toEqual({ paso: 4, pestana: null });
  });
});

describe('reviewDraftRequestSchema', () => {
  it.each([
    {
      draft: 'an unknown field',
      request: {
        valores: { nombre: 'Ana', otro: 'x' },
        paso: 1,
        pestana: 'personales',
        revision: 1,
      },
      accepted: false,
    },
    {
      draft: 'revision 0',
      request: { valores: { nombre: 'Ana' }, paso: 2, pestana: 'hipoteca', revision: 0 },
      accepted: false,
    },
    {
      draft: 'a positive whole revision',
      request: { valores: { nombre: 'Ana' }, paso: 2, pestana: 'hipoteca', revision: 7 },
      accepted: true,
    },
  ])('with $draft, accepted is $accepted', ({ request, accepted }) => {
    expect(reviewDraftRequestSchema.safeParse(request).success).toBe(accepted);
  });
});
