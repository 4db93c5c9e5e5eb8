import { describe, expect, it } from 'vitest';

import { PASSWORD_PAGE_WORDING } from './strings';

describe('the password page’s success', () => {
  it('keeps the spec’s words for a reset and says «creada» for a first password', () => {
    expect(PASSWORD_PAGE_WORDING.restablecer.success).toBe('Contraseña actualizada exitosamente');
    expect(PASSWORD_PAGE_WORDING.crear.success).toBe('Contraseña creada correctamente');
    expect(PASSWORD_PAGE_WORDING.unknown.success).not.toMatch(/actualizada|creada/);
  });
});
