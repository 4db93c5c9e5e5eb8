import { isIP } from 'node:net';
import {
  formatPostalAddress,
  idSchema,
  isoDateTimeSchema,
  PAYMENT_METHODS,
  planPayments,
  type FirmIdentity,
  type PaymentMethod,
  type PlanTerms,
} from '@cbp/core';
import { ApiError } from '../../lib/errors';

export { PAYMENT_METHODS, type PaymentMethod };

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia bancaria',
};

/** The client as a document names them. */
export interface ClientIdentity {
  fullName: string;
  email: string;
}

export const INPUT_MESSAGES = {
  caseReference: 'La referencia del expediente no es válida.',
  clientName: 'Falta el nombre y apellidos del cliente.',
  clientEmail: 'Falta el correo electrónico del cliente.',
  paymentMethod: 'La forma de pago no es válida: tarjeta o transferencia.',
  ipAddress: 'La dirección IP registrada no es válida.',
  termsVersion: 'Falta la versión de las condiciones generales.',
} as const;

/** Refuses the input with a message the person can read (answered as 400 by the server). */
export function refuse(message: string): never {
  throw new ApiError(400, message);
}

/** An ISO 8601 instant as a Date, or a refusal with the given message. */
export function instant(value: string, message: string): Date {
  if (!isoDateTimeSchema.safeParse(value).success) refuse(message);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) refuse(message);
  return date;
}

export function checkCaseReference(value: string): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) refuse(INPUT_MESSAGES.caseReference);
  return parsed.data;
}

export function checkClient(client: ClientIdentity): ClientIdentity {
  const fullName = client.fullName.trim();
  const email = client.email.trim();
  if (fullName === '') refuse(INPUT_MESSAGES.clientName);
  if (email === '') refuse(INPUT_MESSAGES.clientEmail);
  return { fullName, email };
}

export function checkPaymentMethod(value: string): PaymentMethod {
  const method = PAYMENT_METHODS.find((known) => known === value);
  if (method === undefined) refuse(INPUT_MESSAGES.paymentMethod);
  return method;
}

export function checkIpAddress(value: string): string {
  const address = value.trim();
  if (isIP(address) === 0) refuse(INPUT_MESSAGES.ipAddress);
  return address;
}

/**
 * A plan whose payments do not add up to its price is a fault of the server's own data, not of
 * the person: it fails as an internal error instead of producing a wrong contract.
 */
export function checkPlan(plan: PlanTerms): PlanTerms {
  const amounts = [plan.precio, plan.pago_inicial, plan.pago_mensual];
  if (!amounts.every((amount) => Number.isFinite(amount) && amount >= 0)) {
    throw new Error(`El plan ${plan.id} tiene importes que no son válidos`);
  }
  const cents = planPayments(plan).reduce((sum, { amount }) => sum + Math.round(amount * 100), 0);
  if (cents !== Math.round(plan.precio * 100)) {
    throw new Error(`Los pagos del plan ${plan.id} no suman su precio`);
  }
  return plan;
}

/** The firm as a party: '{legal name}, NIF {nif}, con domicilio en {address}'. */
export function firmParty(firm: FirmIdentity): string {
  return `${firm.legalName}, NIF ${firm.nif}, con domicilio en ${formatPostalAddress(firm.address)}`;
}
