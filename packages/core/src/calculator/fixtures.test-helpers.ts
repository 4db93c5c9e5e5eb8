import type { CalculatorForm } from './schema';

/**
 * A household the calculator tests share: 150.000 € left at 4 % over 25 of 30 years, paying
 * 1.100 € a month on 24.000 € net a year (55 % effort now; 700 € on the same income, 35 %, four
 * years ago). Tests spread it and change only what they are about.
 */
export const sampleHousehold: CalculatorForm = {
  banco: 'Banco Santander',
  discapacidad: 'No',
  circunstancias: {},
  mayorSesenta: false,
  grupoVulnerable: false,
  capitalPendiente: 150_000,
  plazoRestante: 25,
  plazoOriginal: 30,
  tipoInteres: 4,
  ingresosBrutosAnuales: 30_000,
  ingresosNetosAnuales: 24_000,
  ingresosNetosCuatroAnios: 24_000,
  pagoMensualHipoteca: 1_100,
  cuotaCuatroAnios: 700,
  cuotaJunio2022: 750,
};
