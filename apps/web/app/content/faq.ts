import { circumstancesInWords, RULES } from '@cbp/core';

import { documentRulesText } from './documents';
import { EURIBOR_GRACE_RATE, IPREM, IPREM_YEAR } from './figures';

import { count, longDate, plainNumber, plainPercent, times, wholeEuros } from './format';
import { blocksToText, link, p, ul, type Block } from './rich-text';

export interface FaqItem {
  /** Stable anchor: /honorarios#requisitos-2022 opens at that question. */
  id: string;
  question: string;
  answer: readonly Block[];
}

const { code2022, code2012, bank, simulator, applicationDeadline } = RULES;

const m2022 = code2022.incomeIpremMultipliers;
const m2012 = code2012.incomeIpremMultipliers;

/**
 * The 14 questions of the FAQ (spec 01, static pages). Every figure comes from the rule table,
 * so a change of threshold there changes the answers here.
 */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'que-es-el-codigo',
    question: '¿Qué es el Código de Buenas Prácticas hipotecario?',
    answer: [
      p(
        'Es un conjunto de medidas para que las personas que tienen dificultades para pagar la hipoteca de su vivienda habitual puedan reestructurarla con su banco: pagar menos durante un tiempo, alargar el plazo o cambiar el tipo de interés.',
      ),
      p(
        'Existen dos códigos. El de 2012 (Real Decreto-ley 6/2012) es permanente y está pensado para hogares en situación de vulnerabilidad. El de 2022 (Real Decreto-ley 19/2022) se creó para quienes están en riesgo de vulnerabilidad por la subida de los tipos de interés.',
      ),
    ],
  },
  {
    id: 'bancos-adheridos',
    question: '¿Mi banco está obligado a aplicarlo?',
    answer: [
      p(
        `La adhesión es voluntaria, pero la entidad que se adhiere queda obligada a aplicar el Código a todos los clientes que cumplan los requisitos. Se han adherido más de ${String(bank.adheringBanksMoreThan)} entidades, que reúnen el ${plainPercent(bank.portfolioCoveragePercent)} de la cartera hipotecaria en España.`,
      ),
      p('Antes de presentar tu solicitud comprobamos que tu banco esté adherido y a qué código.'),
    ],
  },
  {
    id: 'requisitos-2022',
    question: '¿Qué requisitos tengo que cumplir?',
    answer: [
      p(
        `Hoy se puede pedir el Código de 2012 (sus requisitos, en la pregunta siguiente). El Código de 2022, el de riesgo de vulnerabilidad, admitió solicitudes hasta el ${longDate(code2022.window.lastDay)} (${longDate(code2022.window.lastDayDanaAreas)} en los municipios afectados por la DANA). Sus requisitos eran:`,
      ),
      ul(
        `La hipoteca es sobre tu vivienda habitual y se firmó como muy tarde el ${longDate(code2022.signingDeadline)}.`,
        `El precio de compra de la vivienda no superó los ${wholeEuros(code2022.priceCap)}.`,
        `Los ingresos brutos anuales de la unidad familiar no superan ${plainNumber(m2022.base)} veces el IPREM anual en 14 pagas (${wholeEuros(code2022.incomeCeilings.base)}); el límite sube a ${plainNumber(m2022.disability33)} veces (${wholeEuros(code2022.incomeCeilings.disability33)}) o a ${plainNumber(m2022.disability65)} veces (${wholeEuros(code2022.incomeCeilings.disability65)}) en algunos casos de discapacidad, dependencia o enfermedad.`,
        `La cuota de la hipoteca supera el ${plainPercent(code2022.effortAbovePercent)} de los ingresos netos de la unidad familiar.`,
      ),
      p(
        `Nuestro simulador comprueba tus respuestas con el código que admite solicitudes hoy: vivienda habitual, precio de hasta ${wholeEuros(code2012.priceCapRestructuring)} y una cuota que supera el ${plainPercent(code2012.effortAbovePercent)} de tus ingresos netos. Después revisamos tu caso con los documentos.`,
      ),
    ],
  },
  {
    id: 'requisitos-2012',
    question: '¿Y si mis ingresos son más bajos? Los requisitos del Código de 2012',
    answer: [
      p(
        'El Código de 2012 ofrece medidas más amplias a los hogares en situación de vulnerabilidad. Sus condiciones son:',
      ),
      ul(
        `Ingresos de la unidad familiar no superiores a ${plainNumber(m2012.base)} veces el IPREM anual en 14 pagas (${plainNumber(m2012.disabilityOrDependency)} o ${plainNumber(m2012.severeDisability)} veces en casos de discapacidad, dependencia o enfermedad grave). Por ejemplo, con unos ingresos brutos por debajo de ${wholeEuros(code2012.exampleGrossMonthlyIncome)} al mes se cumple este límite.`,
        `Una cuota hipotecaria superior al ${plainPercent(code2012.effortAbovePercent)} de los ingresos netos de la unidad familiar (el ${plainPercent(code2012.effortAbovePercentSpecialCases)} en algunos casos de discapacidad o dependencia).`,
        `Que en los últimos cuatro años haya aumentado el esfuerzo que supone la hipoteca, o que en ese tiempo haya surgido una circunstancia de especial vulnerabilidad: ${circumstancesInWords()}. La ley no admite otras. Si el esfuerzo se ha multiplicado por al menos ${plainNumber(code2012.effortIncreaseRatio)}, o se da alguna de estas circunstancias aunque venga de antes, las medidas son más amplias.`,
      ),
      p(
        'Es el código que se puede pedir hoy: el simulador y nuestro estudio de tu caso aplican estas condiciones.',
      ),
    ],
  },
  {
    id: 'iprem',
    question: '¿Qué es el IPREM y cuánto es?',
    answer: [
      p(
        'El Indicador Público de Renta de Efectos Múltiples (IPREM) es la referencia que usa la ley para fijar los límites de ingresos de ayudas como el Código de Buenas Prácticas.',
      ),
      p(
        `En ${String(IPREM_YEAR)} es de ${wholeEuros(IPREM.monthly)} al mes: ${wholeEuros(IPREM.annual12)} al año en 12 pagas y ${wholeEuros(IPREM.annual14)} al año en 14 pagas. Los límites del Código se calculan sobre la cifra de 14 pagas.`,
      ),
    ],
  },
  {
    id: 'soluciones-2022',
    question: '¿Qué soluciones puede ofrecerme el banco?',
    answer: [
      p('Con el Código de 2022 puedes pedir una o varias de estas medidas:'),
      ul(
        `Mantener la cuota durante ${count(code2022.fixedInstalmentMonths, 'mes', 'meses')} en el importe que tenía el ${longDate(code2022.fixedInstalmentReferenceDate)}, mediante una carencia total o parcial de capital.`,
        `Ampliar el plazo de la hipoteca hasta ${count(code2022.maxExtensionYears, 'año', 'años')}, sin que la duración total supere los ${count(code2022.maxTotalTermYears, 'año', 'años')} desde la firma.`,
        'Convertir la hipoteca de tipo variable a tipo fijo.',
      ),
    ],
  },
  {
    id: 'soluciones-2012',
    question: '¿Y qué medidas da el Código de 2012?',
    answer: [
      ul(
        `Una carencia de capital de ${count(code2012.graceYears, 'año', 'años')}: durante ese tiempo pagas solo intereses, a un tipo de ${EURIBOR_GRACE_RATE}.`,
        `Una ampliación del plazo de hasta ${count(code2012.maxExtensionYears, 'año', 'años')}, sin superar los ${count(code2012.maxTotalTermYears, 'año', 'años')} de duración total.`,
        'La eliminación de las cláusulas suelo, de forma indefinida.',
        `Ninguna comisión por amortización anticipada durante ${count(code2012.noEarlyRepaymentFeeYears, 'año', 'años')}.`,
      ),
      p(
        `Si el esfuerzo hipotecario ha crecido menos de ${plainNumber(code2012.effortIncreaseRatio)} veces y no hay una circunstancia de especial vulnerabilidad, la carencia es de ${count(code2012.shortGraceYears, 'año', 'años')}.`,
      ),
    ],
  },
  {
    id: 'documentacion',
    question: '¿Qué documentación necesito?',
    answer: [
      p(
        'Documentos que acreditan quiénes formáis la unidad familiar, vuestros ingresos, la hipoteca y la vivienda. Muchos los obtienes en unos minutos desde tu área de clientes con tu clave PIN y un código SMS, sin desplazarte.',
      ),
      p(
        `${documentRulesText()} Tienes la lista completa en `,
        link('Documentación', '/documentacion'),
        '.',
      ),
    ],
  },
  {
    id: 'plazo',
    question: '¿Hasta cuándo puedo solicitarlo?',
    answer: [p(applicationDeadline.publicWording)],
  },
  {
    id: 'unidad-familiar',
    question: '¿Qué se considera unidad familiar?',
    answer: [
      p(
        'La forman la persona que debe la hipoteca, su cónyuge no separado legalmente o su pareja de hecho inscrita, y los hijos que vivan en la vivienda, sea cual sea su edad, incluidos los que estén en tutela, guarda o acogimiento familiar.',
      ),
      p(
        'Los ingresos de todos ellos cuentan para los límites, y también su situación: discapacidad, dependencia o menores a cargo pueden ampliar esos límites.',
      ),
    ],
  },
  {
    id: 'como-se-solicita',
    question: '¿Cómo se solicita?',
    answer: [
      p(
        'La solicitud se presenta por escrito ante tu banco, acompañada de la documentación. Con nosotros el proceso es este:',
      ),
      ul(
        `Compruebas tus requisitos con el simulador, en unos ${count(simulator.durationMinutes, 'minuto', 'minutos')}.`,
        'Te llamamos, revisamos tu caso y, si lo contratas, obtienes los documentos desde tu área de clientes.',
        'Preparamos la solicitud, la presentamos a tu banco y sigues su avance desde tu área de clientes.',
      ),
    ],
  },
  {
    id: 'segunda-solicitud',
    question: '¿Puedo solicitarlo si ya me acogí antes?',
    answer: [
      p(
        `Las medidas del Código de 2022 se pueden pedir ${times(code2022.requestsPerMortgage)} por hipoteca.`,
      ),
      p(
        `Si ya tuviste una reestructuración con el Código de 2012 y vuelves a cumplir sus requisitos, puedes pedir una segunda: la entidad debe responderte en el plazo de ${count(code2012.secondRestructuringWithinMonths, 'mes', 'meses')} y la nueva carencia de capital puede ser de ${count(code2012.graceYears, 'año', 'años')}, a un tipo de ${EURIBOR_GRACE_RATE}.`,
      ),
    ],
  },
  {
    id: 'obligaciones-entidad',
    question: '¿Qué obligaciones tiene el banco?',
    answer: [
      ul(
        'Informar a sus clientes de la existencia del Código y de cómo solicitarlo.',
        `Estudiar tu solicitud y ofrecerte un plan de reestructuración en el plazo de ${count(bank.answerMonths, 'mes', 'meses')}.`,
        'Darte gratis información clara sobre las consecuencias económicas y jurídicas de cada alternativa.',
        'Aplicar las medidas si cumples los requisitos: una vez adherido, no puede negarse por otros motivos.',
      ),
    ],
  },
  {
    id: 'impuestos-y-gastos',
    question: '¿Quién paga los impuestos y los gastos?',
    answer: [
      p(
        'La escritura de novación que formaliza el cambio de tu hipoteca está exenta del impuesto de Actos Jurídicos Documentados, y los aranceles de notaría y registro de estas novaciones tienen una reducción fijada por la ley.',
      ),
      p(
        'Lo que quede de esos gastos se paga según lo que acuerdes con el banco en la novación; te lo explicamos antes de firmar. Nuestros honorarios son aparte y se devuelven si el banco rechaza la solicitud.',
      ),
    ],
  },
];

/** The answer as plain text, for the FAQPage structured data. */
export function faqAnswerText(item: FaqItem): string {
  return blocksToText(item.answer);
}

/** Questions and plain-text answers, for the FAQPage structured data. */
export function faqQuestionsAndAnswers(): { question: string; answer: string }[] {
  return FAQ_ITEMS.map((item) => ({ question: item.question, answer: faqAnswerText(item) }));
}
