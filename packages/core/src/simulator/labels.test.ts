import { describe, expect, it } from 'vitest';
import { simulatorAnswerRows, simulatorTipoCbpLabel } from './labels';

describe('simulator labels for the firm', () => {
  it('names the share band as the measure the client is shown, not its code', () => {
    expect(simulatorTipoCbpLabel('carencia2o5')).toBe('Carencia de 2 o 5 años');
    expect(simulatorTipoCbpLabel('carencia1')).toBe('Carencia de 1 año');
    expect(simulatorTipoCbpLabel(null)).toBe('—');
  });

  it('reads the answers in the simulator’s words, amounts in euros', () => {
    expect(
      simulatorAnswerRows({
        ingresosMensuales: 1800,
        cuotaMensual: 1000,
        precioHasta300k: true,
        viviendaHabitual: true,
        firmadaAntes2023: false,
      }),
    ).toEqual([
      { key: '¿El precio de la vivienda fue de hasta 300.000\u00a0€?', value: 'Sí' },
      { key: '¿Es su residencia habitual?', value: 'Sí' },
      { key: '¿Firmó la hipoteca antes del 31 de diciembre de 2022?', value: 'No' },
      { key: 'Cuota mensual de la hipoteca', value: '1.000,00\u00a0€' },
      { key: 'Ingresos mensuales de la familia', value: '1.800,00\u00a0€' },
    ]);
  });
});
