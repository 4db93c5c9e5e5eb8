import { describe, expect, it } from 'vitest';
import {
  buildRecoveryUrl,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  newPasswordFormSchema,
  parseRecoveryUrl,
  passwordSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  updatePasswordRequestSchema,
} from '.';

const message = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('passwordSchema', () => {
  it('needs at least 10 characters', () => {
    expect(message(passwordSchema.safeParse('Corta.123'))).toBe(
      'La contraseña debe tener al menos 10 caracteres',
    );
    expect(passwordSchema.safeParse('Hipoteca!7x').success).toBe(true);
    expect(passwordSchema.safeParse('aB3$eF7*iJ').success).toBe(true);
  });

  it('refuses more than 128 characters', () => {
    expect(passwordSchema.safeParse('x1'.repeat(64)).success).toBe(true);
    expect(message(passwordSchema.safeParse('x1'.repeat(64) + 'y'))).toBe(
      'La contraseña no puede tener más de 128 caracteres',
    );
  });

  it('refuses common passwords whatever their case, and one repeated character', () => {
    for (const common of [
      '1234567890',
      'Contraseña123',
      'PASSWORD123',
      'qwertyuiop',
      'aaaaaaaaaaaa',
      ' '.repeat(10),
    ]) {
      expect(message(passwordSchema.safeParse(common))).toBe(
        'Esa contraseña es demasiado común. Elige otra más difícil de adivinar',
      );
    }
  });

  it('asks for a password when there is none', () => {
    expect(message(passwordSchema.safeParse(''))).toBe('Introduce una contraseña');
    expect(message(passwordSchema.safeParse(undefined))).toBe('Introduce una contraseña');
  });

  it('is not trimmed: spaces are part of a password', () => {
    expect(passwordSchema.parse('  espacios y más  ')).toBe('  espacios y más  ');
  });
});

describe('loginRequestSchema', () => {
  it('needs both fields, and does not apply the new-password rules to old passwords', () => {
    expect(loginRequestSchema.parse({ email: 'Ana@Correo.es', password: 'corta' })).toEqual({
      email: 'ana@correo.es',
      password: 'corta',
    });
    expect(message(loginRequestSchema.safeParse({ email: 'ana@correo.es', password: '' }))).toBe(
      'Introduce tu contraseña',
    );
    expect(message(loginRequestSchema.safeParse({ password: 'x' }))).toBe(
      'Introduce tu correo electrónico',
    );
  });

  it('refuses unknown fields', () => {
    expect(
      message(
        loginRequestSchema.safeParse({ email: 'ana@correo.es', password: 'x', remember: true }),
      ),
    ).toBe('Campo no permitido: remember');
  });
});

describe('loginResponseSchema', () => {
  it('reads a success with its session and user, and a failure with its message', () => {
    const success = {
      success: true,
      message: 'Sesión iniciada',
      session: { access_token: 'a', refresh_token: 'r' },
      user: { id: 'u1', email: 'ana@correo.es' },
    };
    expect(loginResponseSchema.parse(success)).toEqual(success);
    expect(
      loginResponseSchema.parse({ success: false, message: 'Credenciales incorrectas' }),
    ).toEqual({
      success: false,
      message: 'Credenciales incorrectas',
    });
    expect(loginResponseSchema.safeParse({ ...success, session: undefined }).success).toBe(false);
  });
});

describe('recovery links', () => {
  const link = buildRecoveryUrl('https://cbp.example.es/', 'tok+en/1');

  it('carry the token and type=recovery in the fragment', () => {
    expect(link).toBe(
      'https://cbp.example.es/reset-password#access_token=tok%2Ben%2F1&type=recovery',
    );
    expect(parseRecoveryUrl(link)).toEqual({ accessToken: 'tok+en/1', type: 'recovery' });
    expect(parseRecoveryUrl('https://cbp.example.es/reset-password')).toEqual({
      accessToken: null,
      type: null,
    });
  });

  it('are required by the update-password request, with the spec’s message for a wrong type', () => {
    expect(
      updatePasswordRequestSchema.parse({ password: 'Hipoteca!7x', recovery_url: link }),
    ).toEqual({
      password: 'Hipoteca!7x',
      recovery_url: link,
    });
    expect(
      message(
        updatePasswordRequestSchema.safeParse({
          password: 'Hipoteca!7x',
          recovery_url: 'https://cbp.example.es/reset-password#access_token=x&type=signup',
        }),
      ),
    ).toBe('Tipo de token inválido');
    expect(
      message(
        updatePasswordRequestSchema.safeParse({
          password: 'Hipoteca!7x',
          recovery_url: 'https://cbp.example.es/reset-password#type=recovery',
        }),
      ),
    ).toBe('El enlace para cambiar la contraseña no es válido o ha caducado. Solicita uno nuevo.');
    expect(
      message(
        updatePasswordRequestSchema.safeParse({
          password: 'Hipoteca!7x',
          recovery_url: 'javascript:alert(1)',
        }),
      ),
    ).toBe('El enlace no es válido');
  });

  it('still check the new password', () => {
    expect(
      message(updatePasswordRequestSchema.safeParse({ password: 'corta', recovery_url: link })),
    ).toBe('La contraseña debe tener al menos 10 caracteres');
  });
});

describe('newPasswordFormSchema', () => {
  it('says when the two passwords differ, on the confirmation field', () => {
    const result = newPasswordFormSchema.safeParse({
      password: 'Hipoteca!7x',
      confirmacion: 'Hipoteca!7y',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmacion', 'Las contraseñas no coinciden'],
    ]);
    expect(
      newPasswordFormSchema.safeParse({ password: 'Hipoteca!7x', confirmacion: 'Hipoteca!7x' })
        .success,
    ).toBe(true);
  });
});

describe('reset, refresh and logout requests', () => {
  it('carry only their own field', () => {
    expect(resetPasswordRequestSchema.parse({ email: ' ANA@correo.es' })).toEqual({
      email: 'ana@correo.es',
    });
    expect(resetPasswordRequestSchema.safeParse({ email: 'ana@correo.es', extra: 1 }).success).toBe(
      false,
    );
    expect(refreshRequestSchema.safeParse({ refresh_token: '' }).success).toBe(false);
    expect(refreshRequestSchema.safeParse({ refresh_token: 'x'.repeat(4_097) }).success).toBe(
      false,
    );
    expect(logoutRequestSchema.parse({})).toEqual({});
  });
});
