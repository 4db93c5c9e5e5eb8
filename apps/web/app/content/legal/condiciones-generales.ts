import { PLANS, RULES } from '@cbp/core';

import { SITE } from '../../config/site';
import { count, wholeEuros } from '../format';
import { link, p, subheading, ul } from '../rich-text';
import { emailLink, LEGAL_TEXTS_UPDATED, postalAddress } from './common';
import type { LegalText } from './LegalDocument';

const { contract, plans } = RULES;
const months = (n: number) => count(n, 'mes', 'meses');
const calendarDays = (n: number) => count(n, 'día natural', 'días naturales');
const fractional = plans.fraccionado;

export const TERMS_HERO = {
  title: 'Condiciones generales',
  description:
    'Las reglas del contrato de servicios que firmas con nosotros: qué hacemos, cuánto dura, cuánto cuesta y cómo puedes desistir.',
} as const;

/** General terms of the service contract (spec 01, static pages). */
export const TERMS: LegalText = {
  updated: LEGAL_TEXTS_UPDATED,
  intro: [
    p(
      'Estas condiciones generales regulan el contrato de servicios jurídicos que se celebra a través de este sitio web. Las aceptas de forma expresa antes de pagar y puedes guardarlas o imprimirlas en cualquier momento.',
    ),
  ],
  sections: [
    {
      id: 'partes',
      title: 'Partes',
      blocks: [
        p(
          `De una parte, ${SITE.legalName}, con NIF ${SITE.nif} y domicilio en ${postalAddress()} (en adelante, «el despacho»).`,
        ),
        p(
          'De otra, la persona física, mayor de edad, titular de un préstamo hipotecario sobre su vivienda habitual, que contrata el servicio como consumidora (en adelante, «el cliente»). Si la hipoteca tiene varios titulares, quien contrata declara hacerlo con el conocimiento de los demás, que deberán firmar la solicitud ante la entidad.',
        ),
      ],
    },
    {
      id: 'objeto',
      title: 'Objeto del contrato',
      blocks: [
        p('El despacho se compromete a:'),
        ul(
          'Estudiar la situación del cliente y qué Código de Buenas Prácticas y qué medidas le corresponden (Real Decreto-ley 6/2012 y Real Decreto-ley 19/2022).',
          'Preparar la solicitud y reunir con el cliente la documentación necesaria.',
          'Presentar la solicitud ante la entidad que tiene la hipoteca.',
          'Negociar el plan de reestructuración y asesorar al cliente antes de que firme la novación.',
          'Informar al cliente del avance de la solicitud en su área de clientes.',
        ),
        p(
          'El despacho presta sus servicios con la diligencia profesional debida, como obligación de medios. La decisión de aplicar las medidas corresponde a la entidad financiera, por lo que el despacho no garantiza un resultado concreto, sin perjuicio de la política de reembolso.',
        ),
        p(
          'El cliente se obliga a facilitar información cierta y completa, a aportar los documentos que se le pidan y a comunicar cualquier cambio importante de su situación.',
        ),
        p(
          'No forman parte del contrato los procedimientos judiciales o administrativos, los aranceles de notaría y registro ni los impuestos de la novación.',
        ),
      ],
    },
    {
      id: 'duracion',
      title: `Duración: máximo ${months(contract.maxServiceMonths)}`,
      blocks: [
        p(
          'El contrato empieza cuando el despacho recibe el pago: el pago único o, en el plan fraccionado, el pago inicial.',
        ),
        p('Termina cuando ocurra lo primero de estas tres cosas:'),
        ul(
          'El acuerdo con la entidad sobre las medidas del Código.',
          `El transcurso de ${months(contract.maxServiceMonths)} desde que empezó.`,
          'La resolución por un incumplimiento que no se subsana (apartado «Resolución»).',
        ),
      ],
    },
    {
      id: 'honorarios',
      title: 'Honorarios',
      blocks: [
        p(
          'El cliente elige uno de estos planes antes de pagar. El servicio es el mismo en los dos:',
        ),
        ul(...PLANS.map((plan) => `${plan.nombre}: ${plan.descripcion}`)),
        p(
          'Los precios son finales e incluyen los impuestos aplicables. El pago se hace con tarjeta a través de una plataforma de pago segura; el despacho no conoce ni guarda los datos de la tarjeta. El despacho emite factura de cada pago.',
        ),
        p(
          `En el plan fraccionado, el pago inicial de ${wholeEuros(fractional.pago_inicial)} se cobra al contratar y las ${String(fractional.cuotas)} cuotas de ${wholeEuros(fractional.pago_mensual)}, una vez al mes, en la misma tarjeta. Las cuotas se deben aunque el servicio haya terminado antes, salvo que proceda el reembolso. Si una cuota no se puede cobrar, el despacho lo comunicará al cliente, que dispondrá de ${count(contract.cureDays, 'día natural', 'días naturales')} para pagarla.`,
        ),
      ],
    },
    {
      id: 'desistimiento',
      title: `Desistimiento en ${calendarDays(contract.withdrawalCalendarDays)}`,
      blocks: [
        p(
          `Como consumidor, puedes desistir del contrato sin dar ninguna explicación y sin penalización en un plazo de ${calendarDays(contract.withdrawalCalendarDays)} desde el día en que se celebra, conforme a los artículos 102 a 108 del texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios (Real Decreto Legislativo 1/2007, de 16 de noviembre).`,
        ),
        p(
          'Para ejercerlo, comunícanos tu decisión de forma clara antes de que acabe el plazo, por correo electrónico a ',
          emailLink(SITE.email),
          ` o por carta a ${postalAddress()}. Puedes usar el modelo de formulario de abajo, aunque no es obligatorio.`,
        ),
        p(
          `Te devolveremos todos los pagos recibidos sin demora indebida y, en todo caso, antes de que pasen ${calendarDays(contract.refundCalendarDays)} desde que nos comuniques tu decisión, por el mismo medio de pago que usaste y sin ningún coste para ti.`,
        ),
        p(
          'Si nos pides expresamente que empecemos a trabajar durante el plazo de desistimiento y después desistes, deberás pagar la parte proporcional del servicio prestado hasta que nos lo comuniques (artículo 108.3). Si el servicio se ha prestado por completo dentro del plazo, con tu consentimiento expreso y sabiendo que así pierdes el derecho, ya no podrás desistir (artículo 103.a).',
        ),
        subheading('Modelo de formulario de desistimiento'),
        p(
          `A la atención de ${SITE.legalName}, ${postalAddress()}, correo electrónico ${SITE.email}:`,
        ),
        ul(
          'Por la presente le comunico que desisto de mi contrato de prestación del siguiente servicio: [servicio].',
          'Contratado el: [fecha].',
          'Nombre del consumidor: [nombre y apellidos].',
          'Domicilio del consumidor: [domicilio].',
          'Firma del consumidor (solo si el formulario se presenta en papel).',
          'Fecha: [fecha].',
        ),
      ],
    },
    {
      id: 'politica-de-reembolso',
      title: 'Política de reembolso',
      blocks: [
        p(
          'Además del desistimiento, el despacho ofrece esta garantía: si la entidad financiera rechaza la solicitud presentada, el despacho devuelve al cliente todas las cantidades pagadas y renuncia a cobrar las cuotas pendientes del plan fraccionado.',
        ),
        p(
          'La solicitud está rechazada cuando la entidad comunica que deniega la aplicación del Código. El cliente nos hará llegar esa comunicación si la recibe él, y el reembolso se hará por el mismo medio de pago que usó.',
        ),
        p('No procede el reembolso cuando:'),
        ul(
          'El rechazo se debe a que el cliente facilitó información o documentos falsos, incompletos o inexactos.',
          'El cliente retira la solicitud o no firma las medidas que la entidad le ofrece conforme al Código.',
          'El contrato se resuelve por un incumplimiento del cliente.',
        ),
      ],
    },
    {
      id: 'resolucion',
      title: 'Resolución',
      blocks: [
        p(
          `Cualquiera de las partes puede resolver el contrato si la otra incumple sus obligaciones. Antes debe comunicarle el incumplimiento por escrito, y la otra parte tendrá ${count(contract.cureDays, 'día natural', 'días naturales')} para subsanarlo. Si no lo hace en ese plazo, el contrato queda resuelto.`,
        ),
        p(
          'Son incumplimientos del cliente, entre otros, no aportar la documentación que se le pide, facilitar datos falsos o no pagar una cuota. Son incumplimientos del despacho, entre otros, no presentar la solicitud o no informar al cliente de su avance.',
        ),
        p(
          'Si el contrato se resuelve por un incumplimiento del despacho, el cliente tiene derecho a que se le devuelva lo pagado por los servicios que no se hayan prestado, sin perjuicio de la indemnización que corresponda.',
        ),
      ],
    },
    {
      id: 'jurisdiccion',
      title: 'Ley aplicable y jurisdicción',
      blocks: [
        p(
          'El contrato se rige por la ley española. Para cualquier controversia, el cliente podrá acudir a los juzgados y tribunales de su domicilio.',
        ),
        p(
          'Antes, puedes presentarnos una queja o reclamación por correo electrónico a ',
          emailLink(SITE.email),
          ` o por carta a nuestro domicilio. También puedes dirigirte al ${SITE.professionalBody}, que atiende las quejas sobre la actuación de sus colegiados, o a los servicios de consumo de tu comunidad autónoma.`,
        ),
      ],
    },
    {
      id: 'proteccion-de-datos',
      title: 'Protección de datos',
      blocks: [
        p(
          'El despacho trata los datos del cliente como responsable del tratamiento para prestar el servicio contratado y para cumplir sus obligaciones legales. Los comunica a la entidad financiera en la medida necesaria para presentar y negociar la solicitud. Sus abogados guardan secreto profesional sobre todo lo que conocen por el encargo.',
        ),
        p(
          'Puedes ejercer tus derechos escribiendo a ',
          emailLink(SITE.dpoEmail),
          '. Tienes toda la información en la ',
          link('política de privacidad', '/politica-privacidad'),
          '.',
        ),
      ],
    },
  ],
};
