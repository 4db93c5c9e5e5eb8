import {
  RULES,
  type CaseStepId,
  type CalculatorFieldName,
  type CalculatorStep,
  type VulnerabilityCircumstance,
} from '@cbp/core';

import { count } from '../../content/format';

export type FieldErrors = Partial<Record<CalculatorFieldName, string>>;

export const WIZARD_TITLE = 'Simulador Código de Buenas Prácticas';
export const RESULTS_TITLE = 'Resultados de tu simulación';

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

/** Step 2: what raises the income limit and lowers the share the instalment must reach. */
export const INCOME_CASE_NOTE =
  'Una discapacidad superior al 33 %, una situación de dependencia o una enfermedad que impide trabajar elevan el límite de ingresos y bajan la parte de los ingresos que debe suponer la cuota para acogerte al código.';

export const CIRCUMSTANCES_HEADING = 'Circunstancias de especial vulnerabilidad';

export const CIRCUMSTANCES_INTRO =
  'La ley tiene en cuenta estas siete circunstancias. Si alguna ha surgido en los últimos cuatro años, puedes acogerte aunque tu cuota no pese más que entonces. Si se da alguna, aunque sea desde antes, y cumples los demás requisitos, la carencia es de cinco años.';

/** When a circumstance counts as arisen in the last four years, where that is not obvious. */
export const CIRCUMSTANCE_HINTS: Readonly<Partial<Record<VulnerabilityCircumstance, string>>> = {
  'familia-numerosa': 'Con el título de familia numerosa en vigor.',
  menor: 'En los últimos cuatro años, si nació o llegó a casa en ese tiempo.',
  'discapacidad-miembro': 'Cuenta también la de una persona que no es titular de la hipoteca.',
  'mayor-60': 'En los últimos cuatro años, si cumpliste 60 años en ese tiempo.',
};

/** The member's disability when the disability question already says there is one. */
export const DISABILITY_GIVES_CIRCUMSTANCE =
  'Has indicado una discapacidad reconocida, así que esta circunstancia se da. Indica desde cuándo.';

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

export const SLIDER_ITEM_TITLE = 'Calcular cuota después de la carencia';

/** The results' FAQ (spec 02, section 2.2); each item opens on its own. */
export const RESULTS_FAQ = [
  {
    id: 'solo-intereses',
    question: '¿Qué pago durante la carencia?',
    answer:
      'Durante la carencia solo pagas intereses: no devuelves capital. Por eso la cuota baja tanto. Cuando termina, vuelves a pagar capital e intereses.',
  },
  {
    id: 'mas-intereses',
    question: '¿Pagaré más intereses en total?',
    answer:
      'Sí. Como durante la carencia no devuelves capital, la deuda tarda más en bajar y en el conjunto de la hipoteca pagas más intereses. A cambio, ahora tienes una cuota que puedes pagar.',
  },
  {
    id: 'ampliar-plazo',
    question: '¿Tengo que alargar el plazo de la hipoteca?',
    answer:
      'No. Ampliar el plazo es opcional: puedes pedirlo para que la cuota después de la carencia sea más baja, o mantener el plazo que tienes.',
  },
  {
    id: 'divorcio',
    question: 'Estoy divorciado o separado, ¿puedo pedirlo?',
    answer:
      'Sí, pero la solicitud la tienen que firmar todos los titulares de la hipoteca, así que necesitarás la colaboración de tu expareja.',
  },
  {
    id: 'impagos',
    question: 'Tengo cuotas sin pagar, ¿puedo acogerme?',
    answer:
      'Sí, siempre que el banco no haya iniciado un procedimiento judicial de ejecución y cumplas los requisitos de vulnerabilidad del código.',
  },
] as const;

/** What the results state about the bank's answer and how often the measures can be asked. */
export const STATEMENTS = [
  // The legal term, the one the send and status screens give (decision 0721).
  `El banco tiene ${count(RULES.bank.answerMonths, 'mes', 'meses')} para responder a tu solicitud, contado desde el día en que se la presentemos.`,
  'Estas medidas solo se pueden pedir una vez por hipoteca.',
] as const;

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

/** Above the result's action: which task comes next, by its name in the menu. */
export const NEXT_STEP_LABEL = 'Siguiente paso';

/** A result that does not qualify: no promise, the data to review or the firm to talk to. */
export const REVIEW_OR_CONTACT = {
  bar: '¿Algún dato no es correcto? Revísalo o habla con nosotros',
  intro:
    'Si algún dato no es correcto, revísalo y vuelve a calcular. Si tienes dudas sobre tu caso, habla con nosotros.',
  review: 'Revisar mis datos',
  call: (phone: string) => `Llámanos al ${phone}`,
} as const;

/** While the questions of the next steps download (they come as the first step is answered). */
export const LATER_STEPS_LOADING = 'Cargando las preguntas...';

/** They could not be downloaded. */
export const LATER_STEPS_UNREACHABLE =
  'No hemos podido cargar las preguntas de este paso. Comprueba tu conexión y pulsa «Intentar de nuevo»: lo que ya has escrito sigue aquí.';
