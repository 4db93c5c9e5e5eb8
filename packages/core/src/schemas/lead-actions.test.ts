import { describe, expect, it } from 'vitest';

import { leadActionSchema } from './lead-actions';

describe('the lead page’s actions', () => {
  it('takes each action with the request the API takes for it', () => {
    expect(
      leadActionSchema.parse({ intent: 'nota', request: { texto: '  Llamada al cliente  ' } }),
    ).toEqual({ intent: 'nota', request: { texto: 'Llamada al cliente' } });
    expect(
      leadActionSchema.safeParse({
        intent: 'revisar-documento',
        request: { fileId: 'f_123', review: { estado: 'aprobado' } },
      }).success,
    ).toBe(true);
  });

  it('refuses an action the page does not have, or a request its action would refuse', () => {
    expect(leadActionSchema.safeParse({ intent: 'borrar-lead', request: {} }).success).toBe(false);
    expect(leadActionSchema.safeParse({ intent: 'nota', request: { texto: '' } }).success).toBe(
      false,
    );
    expect(
      leadActionSchema.safeParse({
        intent: 'revisar-documento',
        request: { fileId: '../otro', review: { estado: 'aprobado' } },
      }).success,
    ).toBe(false);
    expect(leadActionSchema.safeParse(null).success).toBe(false);
  });
});
