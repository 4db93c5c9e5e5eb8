import { describe, expect, it } from 'vitest';

import { FIELD_HINTS } from './strings';

describe('the household help text', () => {
  // RDL 6/2012, art. 3.2.b: the children count "con independencia de su edad".
  it('counts the children living in the home whatever their age, as the law does', () => {
    const hint = FIELD_HINTS.miembrosUnidadFamiliar ?? '';
    expect(hint).not.toMatch(/mayores de edad/);
    expect(hint).toMatch(/hijos que viven en la vivienda, tengan la edad que tengan/);
    expect(hint).toMatch(/tutela, guarda o acogimiento familiar/);
  });
});
