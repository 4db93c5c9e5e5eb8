import { circumstancesInWords, RULES } from '@cbp/core';

import { CODE_2012_INCOME_CEILING, EURIBOR_GRACE_RATE, SIMULATOR_QUESTIONS } from './figures';
import { count, longDate, plainNumber, plainPercent, wholeEuros } from './format';

const { code2022, code2012, bank, contract, simulator, applicationDeadline } = RULES;

export const HOW_IT_WORKS_HERO = {
  title: 'Cómo funciona el Código de Buenas Prácticas',
  description:
    'Qué requisitos pide la ley, qué soluciones puede darte tu banco y cómo presentamos tu solicitud, paso a paso.',
} as const;

export interface CodeSummary {
  id: string;
  name: string;
  who: string;
  requirements: readonly string[];
}

export const REQUIREMENTS: readonly CodeSummary[] = [
  {
    id: 'codigo-2022',
    name: 'Código de 2022: riesgo de vulnerabilidad (cerrado)',
    who: `Para quienes la subida de los tipos de interés disparó la cuota. Admitió solicitudes hasta el ${longDate(code2022.window.lastDay)} (${longDate(code2022.window.lastDayDanaAreas)} en los municipios afectados por la DANA); ya no puede pedirse.`,
    requirements: [
      `Hipoteca sobre tu vivienda habitual, firmada hasta el ${longDate(code2022.signingDeadline)}.`,
      `Precio de compra de la vivienda de hasta ${wholeEuros(code2022.priceCap)}.`,
      `Ingresos brutos de la unidad familiar de hasta ${wholeEuros(code2022.incomeCeilings.base)} al año (${plainNumber(code2022.incomeIpremMultipliers.base)} veces el IPREM en 14 pagas), o hasta ${wholeEuros(code2022.incomeCeilings.disability33)} y ${wholeEuros(code2022.incomeCeilings.disability65)} en algunos casos de discapacidad, dependencia o enfermedad.`,
      `Una cuota que supera el ${plainPercent(code2022.effortAbovePercent)} de los ingresos netos de la unidad familiar.`,
    ],
  },
  {
    id: 'codigo-2012',
    name: 'Código de 2012: vulnerabilidad',
    who: 'Para hogares con ingresos más bajos y una carga hipotecaria mayor. No tiene fecha de cierre.',
    requirements: [
      `Ingresos de la unidad familiar de hasta ${plainNumber(code2012.incomeIpremMultipliers.base)} veces el IPREM en 14 pagas: ${wholeEuros(CODE_2012_INCOME_CEILING)} al año, es decir, ${wholeEuros(code2012.exampleGrossMonthlyIncome)} brutos al mes (${plainNumber(code2012.incomeIpremMultipliers.disabilityOrDependency)} o ${plainNumber(code2012.incomeIpremMultipliers.severeDisability)} veces en casos de discapacidad o dependencia).`,
      `Una cuota que supera el ${plainPercent(code2012.effortAbovePercent)} de los ingresos netos (el ${plainPercent(code2012.effortAbovePercentSpecialCases)} en algunos casos de discapacidad o dependencia).`,
      `Un esfuerzo hipotecario que ha aumentado en los últimos cuatro años, o una circunstancia de especial vulnerabilidad surgida en ese tiempo: ${circumstancesInWords()}. Si el esfuerzo se ha multiplicado por al menos ${plainNumber(code2012.effortIncreaseRatio)} o se da alguna de estas circunstancias, aunque venga de antes, la carencia es de ${count(code2012.graceYears, 'año', 'años')}; si no, de ${count(code2012.shortGraceYears, 'año', 'años')}.`,
    ],
  },
];

export const SIMULATOR_NOTE = `El simulador comprueba tus respuestas con el código que admite solicitudes hoy, el de 2012: vivienda habitual, precio de hasta ${wholeEuros(code2012.priceCapRestructuring)} y una cuota que supera el ${plainPercent(code2012.effortAbovePercent)} de tus ingresos netos (el ${plainPercent(code2012.effortAbovePercentSpecialCases)} en casos de discapacidad o dependencia). Lo que cinco preguntas no pueden saber, como tus ingresos brutos o cómo ha cambiado tu esfuerzo en cuatro años, lo comprobamos con tus documentos.`;

export interface SolutionGroup {
  id: string;
  name: string;
  measures: readonly string[];
}

export const SOLUTIONS: readonly SolutionGroup[] = [
  {
    id: 'soluciones-2022',
    name: 'Con el Código de 2022',
    measures: [
      `Cuota congelada durante ${count(code2022.fixedInstalmentMonths, 'mes', 'meses')} en el importe del ${longDate(code2022.fixedInstalmentReferenceDate)}, con una carencia total o parcial de capital.`,
      `Ampliación del plazo hasta ${count(code2022.maxExtensionYears, 'año', 'años')}, con un máximo de ${count(code2022.maxTotalTermYears, 'año', 'años')} desde la firma.`,
      'Paso de tipo variable a tipo fijo.',
    ],
  },
  {
    id: 'soluciones-2012',
    name: 'Con el Código de 2012',
    measures: [
      `Carencia de capital de ${count(code2012.graceYears, 'año', 'años')}, pagando solo intereses a ${EURIBOR_GRACE_RATE}.`,
      `Ampliación del plazo hasta ${count(code2012.maxExtensionYears, 'año', 'años')}.`,
      'Eliminación de las cláusulas suelo, de forma indefinida.',
      `Sin comisión por amortización anticipada durante ${count(code2012.noEarlyRepaymentFeeYears, 'año', 'años')}.`,
      `Si el esfuerzo ha crecido menos de ${plainNumber(code2012.effortIncreaseRatio)} veces y no hay especial vulnerabilidad, carencia de ${count(code2012.shortGraceYears, 'año', 'años')}.`,
    ],
  },
];

export const PROCESS_STEPS: readonly { title: string; description: string }[] = [
  {
    title: 'Haz el simulador',
    description: `Responde a ${SIMULATOR_QUESTIONS} y deja tus datos de contacto: en unos ${count(simulator.durationMinutes, 'minuto', 'minutos')} sabes si cumples los requisitos.`,
  },
  {
    title: 'Hablamos contigo',
    description:
      'Te llamamos en las horas siguientes, revisamos tu caso y te explicamos qué puedes pedir a tu banco.',
  },
  {
    title: 'Reúne los documentos',
    description:
      'Desde tu área de clientes obtienes la documentación oficial con tu clave PIN y un código SMS, y subes el resto.',
  },
  {
    title: 'Revisa y firma la solicitud',
    description:
      'Preparamos la solicitud con tus datos; la revisas, la firmas en tu área de clientes y eliges cómo pagar.',
  },
  {
    title: 'La presentamos a tu banco',
    description: `La entidad tiene ${count(bank.answerMonths, 'mes', 'meses')} para ofrecerte un plan de reestructuración. Negociamos contigo la mejor opción.`,
  },
  {
    title: 'Sigue el avance',
    description: `Ves cada paso en tu área de clientes. Nuestro servicio dura como máximo ${count(contract.maxServiceMonths, 'mes', 'meses')}, o hasta el acuerdo con el banco si llega antes.`,
  },
];

export const BANKS_TEXT = `Se han adherido al Código más de ${String(bank.adheringBanksMoreThan)} entidades, que suman el ${plainPercent(bank.portfolioCoveragePercent)} de la cartera hipotecaria. Una entidad adherida está obligada a aplicarlo a quien cumpla los requisitos.`;

export const DEADLINE_TEXT = applicationDeadline.publicWording;
