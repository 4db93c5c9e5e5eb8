import { describe, expect, it } from 'vitest';

import { menuHref, nextTask, taskMenuItems } from './tasks';

describe('the task list menu', () => {
  it('links the calculator, the documents and the plan with their state, and shows later steps as pending, without a link', () => {
    const items = taskMenuItems(
      new Map([
        ['calcular-cuota', 'en-curso'],
        ['obtener-documentos', 'no-empezado'],
        ['seleccionar-plan', 'no-empezado'],
      ]),
    );
    expect(items[0]).toEqual({
      id: 'calcular-cuota',
      label: 'Calcular Cuota',
      href: '/app',
      status: { label: 'En curso', tone: 'in-progress' },
    });
    expect(items[1]).toEqual({
      id: 'obtener-documentos',
      label: 'Obtener Documentos',
      href: '/app/obtener-documentos',
      status: { label: 'No empezado', tone: 'not-started' },
    });
    expect(items[2]).toEqual({
      id: 'seleccionar-plan',
      label: 'Seleccionar Plan',
      href: '/app/honorarios',
      status: { label: 'No empezado', tone: 'not-started' },
    });
    expect(items.slice(3).map((item) => [item.label, item.status.label, 'href' in item])).toEqual([
      ['Revisar Expediente', 'Pendiente', false],
      ['Enviar Expediente', 'Pendiente', false],
      ['Estado del Caso', 'Pendiente', false],
    ]);
  });

  it('links the review once the server reports its state', () => {
    const review = taskMenuItems(new Map([['revisar-expediente', 'en-curso']]))[3];
    expect(review).toEqual({
      id: 'revisar-expediente',
      label: 'Revisar Expediente',
      href: '/app/revisar-expediente',
      status: { label: 'En curso', tone: 'in-progress' },
    });
  });

  it('keeps a built step linked while its state loads', () => {
    const [calculator] = taskMenuItems(null);
    expect(calculator?.href).toBe('/app');
    expect(calculator?.status.label).toBe('Cargando');
  });

  it('does not link a step the server does not report, such as the plan before its module runs', () => {
    const items = taskMenuItems(new Map([['calcular-cuota', 'completado']]));
    expect(items[2]).toEqual({
      id: 'seleccionar-plan',
      label: 'Seleccionar Plan',
      status: { label: 'Pendiente', tone: 'pending' },
    });
  });

  it('does not link a step the server calls pending', () => {
    const [calculator] = taskMenuItems(new Map([['calcular-cuota', 'pendiente']]));
    expect(calculator && 'href' in calculator).toBe(false);
  });

  it('shows the documents step as completed once delivered', () => {
    const documents = taskMenuItems(new Map([['obtener-documentos', 'completado']]))[1];
    expect(documents?.status).toEqual({ label: 'Completado', tone: 'completed' });
    expect(documents?.href).toBe('/app/obtener-documentos');
  });

  it('marks “Obtener Documentos” current on either of its addresses', () => {
    expect(menuHref('/app/documentos')).toBe('/app/obtener-documentos');
    expect(menuHref('/app/obtener-documentos')).toBe('/app/obtener-documentos');
    expect(menuHref('/app')).toBe('/app');
  });

  it('links sending the file and the case status once the server reports them', () => {
    const items = taskMenuItems(
      new Map([
        ['enviar-expediente', 'no-empezado'],
        ['estado-caso', 'en-curso'],
      ]),
    );
    expect(items[4]).toEqual({
      id: 'enviar-expediente',
      label: 'Enviar Expediente',
      href: '/app/enviar-expediente',
      status: { label: 'No empezado', tone: 'not-started' },
    });
    expect(items[5]).toEqual({
      id: 'estado-caso',
      label: 'Estado del Caso',
      href: '/app/estado-caso',
      status: { label: 'En curso', tone: 'in-progress' },
    });
  });

  it('marks “Seleccionar Plan” current on the payment result pages', () => {
    expect(menuHref('/app/pago-completado')).toBe('/app/honorarios');
    expect(menuHref('/app/pago-cancelado')).toBe('/app/honorarios');
  });
});

describe('the next task after one is done', () => {
  it('is the first open task not completed, before or after the one just done', () => {
    const states = new Map([
      ['calcular-cuota', 'completado'],
      ['obtener-documentos', 'en-curso'],
      ['seleccionar-plan', 'completado'],
      ['revisar-expediente', 'no-empezado'],
      ['enviar-expediente', 'pendiente'],
      ['estado-caso', 'no-empezado'],
    ] as const);
    expect(nextTask(new Map(states), 'seleccionar-plan')).toMatchObject({
      label: 'Obtener Documentos',
      href: '/app/obtener-documentos',
    });
    const documentsDone = new Map(states).set('obtener-documentos', 'completado');
    expect(nextTask(documentsDone, 'seleccionar-plan')).toMatchObject({
      label: 'Revisar Expediente',
      href: '/app/revisar-expediente',
    });
  });

  it('skips the task just done while the menu still has its older state', () => {
    const stale = new Map([
      ['calcular-cuota', 'completado'],
      ['obtener-documentos', 'completado'],
      ['seleccionar-plan', 'en-curso'],
      ['revisar-expediente', 'no-empezado'],
    ] as const);
    expect(nextTask(stale, 'seleccionar-plan')?.label).toBe('Revisar Expediente');
  });

  it('is nothing while the states load or when every open task is done', () => {
    expect(nextTask(null, 'seleccionar-plan')).toBeNull();
    expect(
      nextTask(
        new Map([
          ['calcular-cuota', 'completado'],
          ['seleccionar-plan', 'completado'],
          ['revisar-expediente', 'pendiente'],
        ] as const),
        'seleccionar-plan',
      ),
    ).toBeNull();
  });
});

describe('one name per task', () => {
  it('titles the plan page, and words every link to a task, with its menu label', async () => {
    const plan = await import('../plan/strings');
    const send = await import('../send/strings');
    const documents = await import('../documents/strings');
    const menu = new Map(taskMenuItems(null).map((item) => [item.id, item.label]));
    expect(plan.PAGE_TITLE).toBe(menu.get('seleccionar-plan'));
    expect(plan.COMPLETED.toPlan).toBe(`Ir a ${menu.get('seleccionar-plan') ?? ''}`);
    expect(send.PAGE_TITLE).toBe(menu.get('enviar-expediente'));
    expect(send.DECLARATION_TO_REVIEW).toBe(`Ir a ${menu.get('revisar-expediente') ?? ''}`);
    expect(documents.FACTS_PENDING.link).toBe(`Ir a ${menu.get('revisar-expediente') ?? ''}`);
  });
});
