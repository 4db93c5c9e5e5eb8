import { RULES } from '@cbp/core';

import { count } from '../../content/format';

// What only the results show, apart from the wizard's strings: a first visit, which shows the
// wizard, does not download them.

export const RESULTS_TITLE = 'Resultados de tu simulación';

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
