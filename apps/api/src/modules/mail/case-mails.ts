import {
  CODE_NAMES,
  type CodeId,
  formatPercent,
  type SimulatorAnswers,
  simulatorAnswerRows,
  simulatorTipoCbpLabel,
} from '@cbp/core';
import { escapeHtml } from '../../lib/html';
import { BRAND, button, formatDateTime, layout, type RenderedMail } from './templates';

function codeSummary(lead: {
  code: CodeId | null;
  closedCode: CodeId | null;
  classificationSource: 'server' | 'client';
}): string {
  if (lead.classificationSource === 'client') return 'Sin respuestas: no se ha evaluado';
  if (lead.code !== null) return CODE_NAMES[lead.code];
  if (lead.closedCode !== null) {
    return `Ninguno abierto hoy; encajaría en el ${CODE_NAMES[lead.closedCode]}, ya cerrado`;
  }
  return 'Ninguno';
}

export interface LeadNotification {
  id: string;
  nombre: string;
  apellidos: string;
  telefono: string;
  email: string;
  fase_comercial: string;
  estado: string;
  tipocbp: string | null;
  cumpleRequisitos: boolean | null;
  porcentajeCuota: number | null;
  respuestas: SimulatorAnswers | null;
  privacyAcceptedAt: Date;
  privacyPolicyVersion: string;
  existingAccount: boolean;
  /** Sent without the session of the account that already had this e-mail. */
  unverifiedForAccount: boolean;
  /** 'client' when there were no answers to classify from: the visitor's own word. */
  classificationSource: 'server' | 'client';
  /** The open code the answers fit, and a closed one they would have fitted. */
  code: CodeId | null;
  closedCode: CodeId | null;
}

export function newLeadMail(lead: LeadNotification): RenderedMail {
  const verdict =
    lead.cumpleRequisitos === null
      ? `${lead.fase_comercial} (sin verificar: sin respuestas del simulador)`
      : lead.cumpleRequisitos
        ? 'Cumple requisitos'
        : 'No cumple requisitos';
  const flag = lead.unverifiedForAccount ? ' · contacto nuevo sin verificar' : '';
  const subject = `Nuevo lead: ${lead.nombre} ${lead.apellidos} (${verdict})${flag}`;
  const rows: [string, string][] = [
    ['Nombre', `${lead.nombre} ${lead.apellidos}`],
    ['Teléfono', lead.telefono],
    ['Correo electrónico', lead.email],
    ['Resultado', verdict],
    ['Fase comercial', lead.fase_comercial],
    ['Estado', lead.estado],
    [
      'Medida según el simulador',
      lead.tipocbp === null ? 'Ninguna' : simulatorTipoCbpLabel(lead.tipocbp),
    ],
    [
      'Esfuerzo hipotecario',
      lead.porcentajeCuota === null ? 'No calculado' : formatPercent(lead.porcentajeCuota),
    ],
    [
      'Política de privacidad',
      `Aceptada el ${formatDateTime(lead.privacyAcceptedAt)} (versión ${lead.privacyPolicyVersion})`,
    ],
    [
      'Cuenta previa',
      lead.unverifiedForAccount
        ? 'Sí: este correo ya tenía cuenta y el lead llegó sin iniciar sesión. Es un contacto nuevo sin verificar; la cuenta y su expediente no cambian.'
        : lead.existingAccount
          ? 'Sí, enviado con la sesión de la cuenta'
          : 'No',
    ],
    ['Código aplicable', codeSummary(lead)],
    [
      'Clasificación',
      lead.classificationSource === 'server'
        ? 'Calculada por el servidor con las respuestas'
        : 'Indicada por el navegador, sin respuestas que la verifiquen',
    ],
    ['Identificador', lead.id],
  ];
  const answers =
    lead.respuestas === null
      ? []
      : simulatorAnswerRows(lead.respuestas).map(({ key, value }): [string, string] => [
          key,
          value,
        ]);
  const table = (entries: [string, string][]) =>
    `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px;">${entries
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="border-bottom:1px solid #e4e7eb;width:40%;">${escapeHtml(label)}</th><td style="border-bottom:1px solid #e4e7eb;">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`;
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">Nuevo lead del simulador</h1>
${table(rows)}
${answers.length > 0 ? `<h2 style="font-size:18px;margin:24px 0 8px;">Respuestas del simulador</h2>${table(answers)}` : '<p>El lead no incluye las respuestas del simulador.</p>'}`,
  );
  const text = `Nuevo lead del simulador

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}

${answers.length > 0 ? `Respuestas del simulador:\n${answers.map(([q, a]) => `- ${q}: ${a}`).join('\n')}` : 'El lead no incluye las respuestas del simulador.'}
`;
  return { template: 'nuevo-lead', subject, html, text };
}

export function caseMovedMail(input: {
  nombre: string;
  fase: string;
  progreso: number;
  siguientePaso: string;
  estimacion: string;
  nota: string;
  statusLink: string;
}): RenderedMail {
  const subject = `Tu caso avanza: ${input.fase}`;
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">¡Hola, ${escapeHtml(input.nombre)}!</h1>
<p>Tu caso ha pasado a la fase <strong>${escapeHtml(input.fase)}</strong> (${escapeHtml(formatPercent(input.progreso, 0))} del proceso).</p>
<p style="background:#f4f5f7;border-radius:6px;padding:12px 16px;">${escapeHtml(input.nota)}</p>
<p>Siguiente paso: ${escapeHtml(input.siguientePaso)}. Tiempo estimado: ${escapeHtml(input.estimacion)}.</p>
${button(input.statusLink, 'Ver el estado de mi caso')}`,
  );
  const text = `¡Hola, ${input.nombre}!

Tu caso ha pasado a la fase ${input.fase} (${formatPercent(input.progreso, 0)} del proceso).

${input.nota}

Siguiente paso: ${input.siguientePaso}. Tiempo estimado: ${input.estimacion}.

Puedes ver el estado de tu caso en:
${input.statusLink}

${BRAND}`;
  return { template: 'case-moved', subject, html, text };
}

export function documentRejectedMail(input: {
  nombre: string;
  documento: string;
  motivo: string;
  documentsLink: string;
}): RenderedMail {
  const subject = `Necesitamos otro archivo: ${input.documento}`;
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">¡Hola, ${escapeHtml(input.nombre)}!</h1>
<p>Hemos revisado el documento <strong>${escapeHtml(input.documento)}</strong> de tu expediente y no podemos darlo por bueno:</p>
<p style="background:#f4f5f7;border-radius:6px;padding:12px 16px;white-space:pre-line;">${escapeHtml(input.motivo)}</p>
<p>Entra en tu lista de documentos y envíanos uno nuevo: sustituirá al anterior.</p>
${button(input.documentsLink, 'Ir a mis documentos')}`,
  );
  const text = `¡Hola, ${input.nombre}!

Hemos revisado el documento ${input.documento} de tu expediente y no podemos darlo por bueno:

${input.motivo}

Entra en tu lista de documentos y envíanos uno nuevo: sustituirá al anterior.
${input.documentsLink}

${BRAND}`;
  return { template: 'document-rejected', subject, html, text };
}

export function documentApprovedMail(input: {
  nombre: string;
  documento: string;
  statusLink: string;
}): RenderedMail {
  const subject = `Documento aprobado: ${input.documento}`;
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">¡Hola, ${escapeHtml(input.nombre)}!</h1>
<p>Hemos revisado el documento <strong>${escapeHtml(input.documento)}</strong> de tu expediente y es correcto: no tienes que hacer nada más con él.</p>
<p>En el estado de tu caso puedes ver qué documentos están aprobados, cuáles estamos revisando y cuáles faltan.</p>
${button(input.statusLink, 'Ver el estado de mi caso')}`,
  );
  const text = `¡Hola, ${input.nombre}!

Hemos revisado el documento ${input.documento} de tu expediente y es correcto: no tienes que hacer nada más con él.

En el estado de tu caso puedes ver qué documentos están aprobados, cuáles estamos revisando y cuáles faltan:
${input.statusLink}

${BRAND}`;
  return { template: 'document-approved', subject, html, text };
}

const megabytes = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${megabytes.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}

export interface DocumentsDelivered {
  leadId: string;
  nombre: string;
  apellidos: string;
  email: string;
  telefono: string;
  entregadoEn: Date;
  /** Each file the case has: its checklist entry (or retrieved document) and its name. */
  entregados: { documento: string; archivo: string; bytes: number }[];
  /** Checklist entries still without a file. */
  faltan: string[];
  /** The case in the back-office. */
  leadLink: string;
}

/** The firm's notice that a client pressed 'Finalizar subida de documentos' (decision 0474). */
export function documentsDeliveredMail(input: DocumentsDelivered): RenderedMail {
  const who = `${input.nombre} ${input.apellidos}`;
  const complete = input.faltan.length === 0;
  const subject = `Documentación entregada: ${who}${complete ? ' (completa)' : ` (faltan ${String(input.faltan.length)})`}`;
  const rows: [string, string][] = [
    ['Cliente', who],
    ['Correo electrónico', input.email],
    ['Teléfono', input.telefono],
    ['Entregada el', formatDateTime(input.entregadoEn)],
    ['Identificador', input.leadId],
  ];
  const files = input.entregados.map(
    ({ documento, archivo, bytes }) => `${documento}: ${archivo} (${formatBytes(bytes)})`,
  );
  const list = (items: string[]) =>
    `<ul style="padding-left:20px;margin:8px 0;">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">Documentación entregada</h1>
<p>${escapeHtml(who)} ha pulsado «Finalizar subida de documentos». Los archivos están pendientes de revisión.</p>
<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px;">${rows
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="border-bottom:1px solid #e4e7eb;width:40%;">${escapeHtml(label)}</th><td style="border-bottom:1px solid #e4e7eb;">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
<h2 style="font-size:18px;margin:24px 0 8px;">Archivos entregados (${String(files.length)})</h2>
${list(files)}
<h2 style="font-size:18px;margin:24px 0 8px;">Documentos que faltan (${String(input.faltan.length)})</h2>
${complete ? '<p>Ninguno: la lista de documentos está completa.</p>' : list(input.faltan)}
${button(input.leadLink, 'Abrir el caso en la gestión')}`,
  );
  const text = `Documentación entregada

${who} ha pulsado «Finalizar subida de documentos». Los archivos están pendientes de revisión.

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}

Archivos entregados (${String(files.length)}):
${files.map((file) => `- ${file}`).join('\n')}

Documentos que faltan (${String(input.faltan.length)}):
${complete ? 'Ninguno: la lista de documentos está completa.' : input.faltan.map((name) => `- ${name}`).join('\n')}

Abrir el caso en la gestión:
${input.leadLink}
`;
  return { template: 'documentacion-entregada', subject, html, text };
}

export interface RetrievedAfterSending {
  leadId: string;
  nombre: string;
  apellidos: string;
  /** When the file now standing was sent. */
  enviadoEn: Date;
  /** The documents the retrieval brought and the case did not take. */
  documentos: string[];
  /** The case in the back-office. */
  leadLink: string;
}

/** The firm's notice that a Cl@ve retrieval ended after the file was sent (decision 0561). */
export function retrievedAfterSendingMail(input: RetrievedAfterSending): RenderedMail {
  const who = `${input.nombre} ${input.apellidos}`;
  const subject = `Documentos obtenidos después del envío: ${who}`;
  const intro = `La obtención automática de documentos de ${who} ha terminado después de enviar su expediente (${formatDateTime(input.enviadoEn)}). Para no cambiar un expediente enviado, estos documentos no se han guardado:`;
  const after =
    'Si reabres el expediente, el cliente puede volver a obtenerlos desde su área privada.';
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">Documentos obtenidos después del envío</h1>
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:20px;margin:8px 0;">${input.documentos.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>
<p>${escapeHtml(after)}</p>
${button(input.leadLink, 'Abrir el caso en la gestión')}`,
  );
  const text = `Documentos obtenidos después del envío

${intro}
${input.documentos.map((name) => `- ${name}`).join('\n')}

${after}

Identificador: ${input.leadId}

Abrir el caso en la gestión:
${input.leadLink}
`;
  return { template: 'obtenidos-tras-envio', subject, html, text };
}
