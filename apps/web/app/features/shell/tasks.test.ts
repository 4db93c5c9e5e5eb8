import { describe, expect, it } from 'vitest';

import { taskMenuItems } from './tasks';

describe('the task list menu', () => {
  it('links the calculator with its state and shows later steps as pending, without a link', () => {
    const items = taskMenuItems(new Map([['calcular-cuota', 'en-curso']]));
    expect(items[0]).toEqual({
      id: 'calcular-cuota',
      label: 'Calcular Cuota',
      href: '/app',
      status: { label: 'En curso', tone: 'in-progress' },
    });
    expect(items.slice(1).map((item) => [item.label, item.status.label, 'href' in item])).toEqual([
      ['Obtener Documentos', 'Pendiente', false],
      ['Seleccionar Plan', 'Pendiente', false],
      ['Revisar Expediente', 'Pendiente', false],
      ['Enviar Expediente', 'Pendiente', false],
      ['Estado del Caso', 'Pendiente', false],
    ]);
  });

  it('keeps a built step linked while its state loads', () => {
    const [calculator] = taskMenuItems(null);
    expect(calculator?.href).toBe('/app');
    expect(calculator?.status.label).toBe('Cargando');
  });

  it('does not link a step the server calls pending', () => {
    const [calculator] = taskMenuItems(new Map([['calcular-cuota', 'pendiente']]));
    expect(calculator && 'href' in calculator).toBe(false);
  });
});
