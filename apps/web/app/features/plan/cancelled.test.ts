import { describe, expect, it } from 'vitest';

import { cancelledView } from './cancelled';

const contrato = {
  id: '6f1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
  plan: 'unico' as const,
  metodo: 'tarjeta' as const,
  terminosVersion: '2026-11',
  firmadoEn: '2026-11-20T09:00:00.000Z',
  sha256: 'a'.repeat(64),
};

describe('the payment cancelled page', () => {
  it('tells a paid client it is paid and leads to the next task, not to pay again', () => {
    const view = cancelledView(
      { estado: 'confirmado', contrato },
      new Map([
        ['seleccionar-plan', 'completado'],
        ['revisar-expediente', 'en-curso'],
      ]),
    );
    expect(view).toEqual({
      title: 'Tus honorarios ya están pagados',
      text: 'Ya nos consta el pago de tus honorarios: no tienes que volver a pagar.',
      primary: { label: 'Ir a Revisar Expediente', href: '/app/revisar-expediente' },
    });
    expect(view.text).not.toMatch(/ningún cargo/);
  });

  it('leads a paid client to an open task, never to one still locked', () => {
    const view = cancelledView(
      { estado: 'confirmado', contrato },
      new Map([
        ['calcular-cuota', 'completado'],
        ['obtener-documentos', 'en-curso'],
        ['seleccionar-plan', 'completado'],
        ['revisar-expediente', 'pendiente'],
        ['enviar-expediente', 'pendiente'],
        ['estado-caso', 'pendiente'],
      ]),
    );
    expect(view.primary).toEqual({
      label: 'Ir a Obtener Documentos',
      href: '/app/obtener-documentos',
    });
    expect(cancelledView({ estado: 'confirmado', contrato }, null).primary).toEqual({
      label: 'Volver al área de clientes',
      href: '/app',
    });
  });

  it('claims no saved plan nor signature when nothing was chosen', () => {
    const view = cancelledView({ estado: 'sin-contrato', contrato: null }, null);
    expect(view.text).not.toMatch(/guardad/);
    expect(view.primary).toEqual({ label: 'Ir a Seleccionar Plan', href: '/app/honorarios' });
  });

  it('keeps the plan and the signature of a signed contract waiting for its payment', () => {
    const view = cancelledView({ estado: 'pendiente', contrato }, null);
    expect(view.text).toMatch(/tu plan y tu firma siguen guardados/);
    expect(view.primary).toEqual({ label: 'Volver a intentar el pago', href: '/app/honorarios' });
  });
});
