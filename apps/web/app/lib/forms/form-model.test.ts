import {
  HttpError,
  loginRequestSchema,
  NetworkError,
  newPasswordFormSchema,
  staffLoginRequestSchema,
} from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { checkForm, serverErrors, summaryItems } from './form-model';

describe('checking a form before it is sent', () => {
  it('gives the schema’s Spanish message for each field, one per field', () => {
    const checked = checkForm({ schema: loginRequestSchema }, { email: 'lucia', password: '' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        email: expect.stringMatching(/correo/i) as unknown,
        password: 'Introduce tu contraseña',
      },
    });
  });

  it('gives the schema’s output once every field is right', () => {
    expect(
      checkForm({ schema: loginRequestSchema }, { email: 'lucia@correo.es', password: 'secreto' }),
    ).toEqual({ ok: true, data: { email: 'lucia@correo.es', password: 'secreto' } });
  });

  it('reads what the schema should read, such as an empty optional code left out', () => {
    const rules = {
      schema: staffLoginRequestSchema,
      input: ({ codigo, ...rest }: { email: string; password: string; codigo: string }) =>
        codigo === '' ? rest : { ...rest, codigo },
    };
    expect(checkForm(rules, { email: 'ana@despacho.es', password: 'x', codigo: '' })).toEqual({
      ok: true,
      data: { email: 'ana@despacho.es', password: 'x' },
    });
  });

  it('adds the problems only the form knows, the schema’s message winning in a field', () => {
    const rules = {
      schema: newPasswordFormSchema,
      input: ({
        password,
        confirmacion,
      }: Record<'password' | 'confirmacion' | 'codigo', string>) => ({ password, confirmacion }),
      check: () => ({ password: 'Otra cosa', codigo: 'Escribe el código' }),
    };
    const checked = checkForm(rules, { password: '', confirmacion: '', codigo: '' });
    expect(checked).toEqual({
      ok: false,
      errors: { password: 'Introduce una contraseña', codigo: 'Escribe el código' },
    });
  });

  it('without a schema, sends the values as typed when the form’s own check passes', () => {
    expect(checkForm({ check: () => ({}) }, { nota: 'Llamar el lunes' })).toEqual({
      ok: true,
      data: { nota: 'Llamar el lunes' },
    });
  });
});

describe('errors the server gives', () => {
  it('keeps the messages of the form’s own fields', () => {
    const error = new HttpError(400, 'Revisa los datos', {
      email: 'Ese correo ya tiene cuenta',
      token: 'Caducado',
    });
    expect(serverErrors(error, ['email', 'password'])).toEqual({
      email: 'Ese correo ya tiene cuenta',
    });
  });

  it('finds none in a failure that names no field', () => {
    expect(serverErrors(new NetworkError(), ['email'])).toEqual({});
    expect(serverErrors(new Error('boom'), ['email'])).toEqual({});
  });
});

describe('the error summary', () => {
  it('lists the errors in the order of the fields on the page, linking to each field’s id', () => {
    expect(
      summaryItems(
        { rol: 'Elige un rol', nombre: 'Escribe el nombre' },
        ['nombre', 'email', 'rol'],
        (field) => `invitar-${field}`,
      ),
    ).toEqual([
      { fieldId: 'invitar-nombre', message: 'Escribe el nombre' },
      { fieldId: 'invitar-rol', message: 'Elige un rol' },
    ]);
  });
});
