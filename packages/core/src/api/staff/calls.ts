import type { z } from 'zod/mini';
import { idSchema, STAFF_SESSION_HEADER, tokenSchema } from '../../schemas';
import { type Call, checkedInput, sendValidated, type ApiTransport } from '../transport';

export const STAFF_FALLBACK_MESSAGES = {
  login: 'No hemos podido iniciar la sesión',
  session: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  invitation: 'No hemos podido abrir la invitación',
  activate: 'No hemos podido activar la cuenta',
  team: 'No hemos podido cargar el equipo',
  invite: 'No hemos podido enviar la invitación',
  disable: 'No hemos podido desactivar la cuenta',
  leads: 'No hemos podido cargar los leads',
  lead: 'No hemos podido cargar el lead',
  saveLead: 'No hemos podido guardar el cambio',
  phases: 'No hemos podido cargar las fases',
  audit: 'No hemos podido cargar el registro de auditoría',
  documents: 'No hemos podido cargar los documentos',
  download: 'No hemos podido descargar el documento',
  review: 'No hemos podido guardar la revisión del documento',
  payments: 'No hemos podido cargar los pagos',
  transfer: 'No hemos podido registrar la transferencia',
  refund: 'No hemos podido hacer el reembolso',
  receipt: 'No hemos podido descargar el recibo',
  submission: 'No hemos podido cargar el expediente',
  reopen: 'No hemos podido reabrir el expediente',
  presentation: 'No hemos podido registrar la presentación al banco',
  series: 'No hemos podido cargar el Euríbor y el IPREM',
  addSeries: 'No hemos podido añadir el valor',
} as const;

type QueryValue = string | number | undefined;

export function queryOf(values: Record<string, QueryValue>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === undefined ? undefined : String(value),
    ]),
  );
}

/** What every call of the staff client is made with. */
export function staffCalls(send: ApiTransport) {
  const call = <T extends z.ZodMiniType>(schema: T, request: Call) =>
    sendValidated(send, schema, request);

  const bearer = (token: string) => checkedInput(tokenSchema, token);
  const id = (value: string) => encodeURIComponent(checkedInput(idSchema, value));
  // A header no form or link can send: a request from another site cannot spend the cookie.
  const sessionHeader = { [STAFF_SESSION_HEADER]: '1' };

  return { send, call, bearer, id, sessionHeader };
}

export type StaffCalls = ReturnType<typeof staffCalls>;
