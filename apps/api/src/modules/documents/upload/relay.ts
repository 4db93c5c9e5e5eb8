import { fileTooLargeMessage } from '@cbp/core';
import type { FastifyReply } from 'fastify';
import { messages } from '../../../lib/errors';

/** The Spanish answers of the upload endpoint that tus itself would give in English. */
export const TUS_MESSAGES = {
  notFound: 'No encontramos esa subida. Vuelve a elegir el archivo para subirlo de nuevo.',
  expired:
    'La subida ha caducado: pasaron más de 24 horas desde que empezó. Vuelve a elegir el archivo.',
  offsetConflict:
    'La subida no sigue donde se quedó. Vuelve a intentarlo: continuará desde el último punto recibido.',
  protocol:
    'Esta dirección solo admite subidas con el protocolo tus 1.0.0 (falta la cabecera Tus-Resumable).',
  invalidHeaders: (names: string) => `Las cabeceras de la subida no son válidas: ${names}.`,
  missingOffset: 'Falta la cabecera Upload-Offset: indica desde qué byte continúa la subida.',
  contentType: 'Envía el contenido del archivo como application/offset+octet-stream.',
  missingLength: 'Indica el tamaño del archivo (Upload-Length) al empezar la subida.',
  invalidMetadata:
    'Los datos de la subida (Upload-Metadata) no son válidos: indica el documento y el nombre del archivo.',
  interrupted: 'La subida se ha interrumpido. Vuelve a intentarlo: continuará donde se quedó.',
  alreadyComplete: 'La subida ya ha terminado y no se puede cancelar.',
  busy: 'Esta subida está ocupada con otra petición. Espera unos segundos y vuelve a intentarlo.',
  unsupported:
    'Esta forma de subir archivos no se admite: sube cada archivo entero, sin dividirlo en partes paralelas.',
  pastDeclaredLength:
    'Llegaron más datos de los que se anunciaron al empezar la subida (Upload-Length). Vuelve a elegir el archivo para subirlo de nuevo.',
} as const;

/** tus's protocol answers in its English words, and what a person is told instead. */
function spanishAnswer(
  status: number,
  body: string,
  fileName: string | undefined,
): { status: number; message: string } {
  const ours = ourMessage(body);
  if (ours !== undefined) return { status, message: ours };
  const text = body.trim();
  switch (status) {
    case 400:
      if (text.startsWith('Request aborted')) return { status, message: TUS_MESSAGES.interrupted };
      if (text.startsWith('Upload-Length or'))
        return { status, message: TUS_MESSAGES.missingLength };
      if (text.startsWith('Upload-Metadata'))
        return { status, message: TUS_MESSAGES.invalidMetadata };
      if (text.startsWith('Cannot terminate')) {
        return { status, message: TUS_MESSAGES.alreadyComplete };
      }
      if (text.startsWith('Invalid ')) {
        const names = text.slice('Invalid '.length).split(/\s+/).join(', ');
        return names.includes('content-type') && !names.includes(',')
          ? { status, message: TUS_MESSAGES.contentType }
          : { status, message: TUS_MESSAGES.invalidHeaders(names) };
      }
      return { status, message: messages.badRequest };
    case 403:
      return {
        status: 400,
        message: text.startsWith('Upload-Offset')
          ? TUS_MESSAGES.missingOffset
          : TUS_MESSAGES.contentType,
      };
    case 404:
      return { status, message: TUS_MESSAGES.notFound };
    case 409:
      return { status, message: TUS_MESSAGES.offsetConflict };
    case 410:
      return { status, message: TUS_MESSAGES.expired };
    case 412:
      return { status, message: TUS_MESSAGES.protocol };
    case 413:
      // More bytes than the upload announced is not a file above the limit.
      return text.startsWith("upload's size exceeded")
        ? { status, message: TUS_MESSAGES.pastDeclaredLength }
        : { status, message: fileTooLargeMessage(fileName ?? 'elegido') };
    case 500:
      return text.startsWith('failed to acquire lock')
        ? { status: 423, message: TUS_MESSAGES.busy }
        : { status, message: messages.internal };
    case 501:
      return { status: 400, message: TUS_MESSAGES.unsupported };
    default:
      return status >= 500
        ? { status: 500, message: messages.internal }
        : { status, message: messages.badRequest };
  }
}

function ourMessage(body: string): string | undefined {
  if (!body.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Headers the app sets itself (CORS, length, connection) and tus must not override. */
function isRelayedHeader(name: string): boolean {
  return !/^(access-control-|content-length$|connection$|content-type$)/.test(name);
}

/**
 * Sends tus's answer through Fastify, so the app's CORS and security headers and error shape
 * apply: every refusal is JSON with a Spanish `message`, a finished upload its JSON result.
 */
export async function relay(
  reply: FastifyReply,
  response: Response,
  fileName: string | undefined,
): Promise<void> {
  response.headers.forEach((value, name) => {
    if (isRelayedHeader(name)) void reply.header(name, value);
  });
  void reply.header('cache-control', 'no-store');
  const body = await response.text();
  if (response.status >= 400) {
    const answer = spanishAnswer(response.status, body, fileName);
    await reply.code(answer.status).send({ message: answer.message });
    return;
  }
  void reply.code(response.status);
  if (body === '') {
    await reply.send();
    return;
  }
  await reply.type('application/json; charset=utf-8').send(body);
}
