import type { CaseStepId, CalculatorFieldName, CalculatorStep } from '@cbp/core';

export type FieldErrors = Partial<Record<CalculatorFieldName, string>>;

export const WIZARD_TITLE = 'Simulador Código de Buenas Prácticas';

/** Each step's heading (focus goes there on every step change) and, for step 1, its question. */
export const STEP_HEADINGS: Readonly<Record<CalculatorStep, { title: string; question: string }>> =
  {
    1: { title: 'Tu banco', question: '¿Con qué banco tienes la hipoteca?' },
    2: { title: 'Tu situación personal', question: 'Tu situación personal' },
    3: { title: 'Datos de tu hipoteca', question: 'Datos de tu hipoteca' },
    4: { title: 'Tus ingresos', question: 'Tus ingresos' },
    5: { title: 'Tus cuotas', question: 'Tus cuotas' },
  };

export const FIELD_HINTS: Partial<Record<CalculatorFieldName, string>> = {
  banco: 'Escribe su nombre para buscarlo en la lista. También encuentra nombres antiguos.',
  discapacidad: 'Si hay varios grados en casa, elige el más alto.',
  capitalPendiente:
    'Lo que te queda por pagar. Está en el último recibo del banco. Por ejemplo: 120.000',
  plazoRestante: 'Años que faltan para terminar de pagar. Por ejemplo: 20',
  plazoOriginal: 'Años de plazo que firmaste. Por ejemplo: 30',
  tipoInteres: 'El tipo que te aplican hoy, en porcentaje. Por ejemplo: 3,25',
  ingresosBrutosAnuales: 'De todas las personas de tu unidad familiar, antes de impuestos.',
  ingresosNetosAnuales: 'Lo que cobráis en total en un año, ya descontados impuestos.',
  ingresosNetosCuatroAnios: 'Los ingresos netos anuales de tu unidad familiar hace cuatro años.',
  pagoMensualHipoteca: 'Lo que te cobra el banco cada mes por la hipoteca.',
  cuotaCuatroAnios: 'Lo que pagabas cada mes hace cuatro años. Está en los recibos antiguos.',
  cuotaJunio2022: 'La cuota que pagabas en junio de 2022.',
};

/** A missing figure, beside the field (the summary gives the spec's message). */
export const REQUIRED_FIELD = 'Completa este dato';
/** A figure that is there but cannot be used. */
export const INVALID_FIELD = 'Escribe un número mayor que 0, como 1.234,56';

export const SAVE_FAILED =
  'No hemos podido guardar tus datos en tu cuenta. Los conservamos en este dispositivo y lo intentaremos de nuevo al avanzar de paso.';
export const RESTORED =
  'Hemos recuperado datos que escribiste en este dispositivo y no llegaron a guardarse. Los estamos guardando ahora.';
export const LOAD_FAILED =
  'No hemos podido cargar tu calculadora. Comprueba tu conexión e inténtalo de nuevo.';
export const CALCULATE_FAILED =
  'No hemos podido calcular tu cuota. Tus datos siguen aquí: inténtalo de nuevo en unos minutos.';

/** The result's action to each later task of the client's list: to start it, or to go on with it. */
export const NEXT_TASK_ACTIONS = {
  'calcular-cuota': { start: 'Calcular mi cuota', continue: 'Seguir con la calculadora' },
  'obtener-documentos': {
    start: 'Empezar con mis documentos',
    continue: 'Seguir con mis documentos',
  },
  'seleccionar-plan': { start: 'Elegir mi plan', continue: 'Seguir con mi plan' },
  'revisar-expediente': {
    start: 'Revisar mi expediente',
    continue: 'Seguir revisando mi expediente',
  },
  'enviar-expediente': { start: 'Enviar mi expediente', continue: 'Seguir con el envío' },
  'estado-caso': { start: 'Ver el estado de mi caso', continue: 'Ver el estado de mi caso' },
} as const satisfies Record<CaseStepId, { start: string; continue: string }>;

/** While the questions of the next steps download (they come as the first step is answered). */
export const LATER_STEPS_LOADING = 'Cargando las preguntas...';

/** They could not be downloaded. */
export const LATER_STEPS_UNREACHABLE =
  'No hemos podido cargar las preguntas de este paso. Comprueba tu conexión y pulsa «Intentar de nuevo»: lo que ya has escrito sigue aquí.';
