import {
  CODE_NAMES,
  type CodeId,
  formatPercent,
  type SimulatorAnswers,
  simulatorAnswerRows,
  simulatorTipoCbpLabel,
} from '@cbp/core';

export interface RenderedMail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

const BRAND = 'Código de Buenas Prácticas';

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

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td style="font-size:14px;color:#52606d;padding-bottom:16px;">${BRAND}</td></tr>
<tr><td style="font-size:16px;line-height:1.5;">
${bodyHtml}
</td></tr>
<tr><td style="font-size:12px;color:#7b8794;padding-top:24px;border-top:1px solid #e4e7eb;">
Has recibido este correo porque se usó tu dirección en nuestro servicio. Si no has sido tú, puedes ignorarlo.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export function button(url: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold;">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#52606d;">Si el botón no funciona, copia y pega esta dirección en tu navegador:<br><a href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(url)}</a></p>`;
}

function formatDuration(seconds: number): string {
  if (seconds % 86_400 === 0) {
    const days = seconds / 86_400;
    return days === 1 ? '1 día' : `${days} días`;
  }
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? '1 hora' : `${hours} horas`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

const dateTime = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});
export function formatDateTime(date: Date): string {
  return dateTime.format(date);
}

/** Subjects of the mails the recipient cap may hold back, which the outbox records as withheld. */
export const CREATE_PASSWORD_SUBJECT = 'Crea tu contraseña para acceder a tu área de cliente';
export const EXISTING_ACCOUNT_SUBJECT = 'Hemos recibido tu simulación';
export const RESET_PASSWORD_SUBJECT = 'Restablece tu contraseña';

export function createPasswordMail(input: {
  nombre: string;
  link: string;
  ttlSeconds: number;
}): RenderedMail {
  const subject = CREATE_PASSWORD_SUBJECT;
  const expires = formatDuration(input.ttlSeconds);
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">¡Hola, ${escapeHtml(input.nombre)}!</h1>
<p>Gracias por completar el simulador: según tus respuestas, cumples los requisitos para acogerte al Código de Buenas Prácticas. Nuestro equipo te llamará en las próximas horas.</p>
<p>Mientras tanto, crea tu contraseña para entrar en tu área de cliente, donde podrás calcular tu nueva cuota, reunir la documentación y seguir tu expediente.</p>
${button(input.link, 'Crear mi contraseña')}
<p style="font-size:13px;color:#52606d;">El enlace caduca en ${expires} y solo se puede usar una vez.</p>`,
  );
  const text = `¡Hola, ${input.nombre}!

Gracias por completar el simulador: según tus respuestas, cumples los requisitos para acogerte al Código de Buenas Prácticas. Nuestro equipo te llamará en las próximas horas.

Mientras tanto, crea tu contraseña para entrar en tu área de cliente:
${input.link}

El enlace caduca en ${expires} y solo se puede usar una vez.

${BRAND}`;
  return { template: 'crear-contrasena', subject, html, text };
}

export function existingAccountMail(input: { nombre: string; loginLink: string }): RenderedMail {
  const subject = EXISTING_ACCOUNT_SUBJECT;
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">¡Hola, ${escapeHtml(input.nombre)}!</h1>
<p>Gracias por completar el simulador: según tus respuestas, cumples los requisitos para acogerte al Código de Buenas Prácticas. Nuestro equipo te llamará en las próximas horas.</p>
<p>Ya tienes una cuenta con esta dirección de correo. Entra con tu contraseña para continuar en tu área de cliente.</p>
<p>Si no has sido tú, no tienes que hacer nada: tu cuenta y tu expediente no cambian.</p>
${button(input.loginLink, 'Acceder a mi área de cliente')}
<p style="font-size:13px;color:#52606d;">Si no recuerdas tu contraseña, usa «¿Has olvidado tu contraseña?» en la página de acceso.</p>`,
  );
  const text = `¡Hola, ${input.nombre}!

Gracias por completar el simulador: según tus respuestas, cumples los requisitos para acogerte al Código de Buenas Prácticas. Nuestro equipo te llamará en las próximas horas.

Ya tienes una cuenta con esta dirección de correo. Entra con tu contraseña para continuar en tu área de cliente:
${input.loginLink}

Si no has sido tú, no tienes que hacer nada: tu cuenta y tu expediente no cambian.

Si no recuerdas tu contraseña, usa «¿Has olvidado tu contraseña?» en la página de acceso.

${BRAND}`;
  return { template: 'cuenta-existente', subject, html, text };
}

export function resetPasswordMail(input: {
  nombre: string;
  link: string;
  ttlSeconds: number;
}): RenderedMail {
  const subject = RESET_PASSWORD_SUBJECT;
  const expires = formatDuration(input.ttlSeconds);
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">Hola, ${escapeHtml(input.nombre)}</h1>
<p>Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.</p>
${button(input.link, 'Elegir una contraseña nueva')}
<p style="font-size:13px;color:#52606d;">El enlace caduca en ${expires} y solo se puede usar una vez. Si no has pedido este cambio, ignora este correo: tu contraseña actual sigue siendo válida.</p>`,
  );
  const text = `Hola, ${input.nombre}

Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Elige una contraseña nueva en esta dirección:
${input.link}

El enlace caduca en ${expires} y solo se puede usar una vez. Si no has pedido este cambio, ignora este correo: tu contraseña actual sigue siendo válida.

${BRAND}`;
  return { template: 'restablecer-contrasena', subject, html, text };
}

export function passwordChangedMail(input: {
  nombre: string;
  changedAt: Date;
  resetLink: string;
}): RenderedMail {
  const subject = 'Tu contraseña se ha cambiado';
  const when = formatDateTime(input.changedAt);
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">Hola, ${escapeHtml(input.nombre)}</h1>
<p>La contraseña de tu cuenta se ha cambiado el ${escapeHtml(when)}. Por seguridad, hemos cerrado las sesiones que tenías abiertas.</p>
<p>Si has sido tú, no tienes que hacer nada más.</p>
<p><strong>Si no has sido tú</strong>, solicita ahora una contraseña nueva y ponte en contacto con nosotros.</p>
${button(input.resetLink, 'Solicitar una contraseña nueva')}`,
  );
  const text = `Hola, ${input.nombre}

La contraseña de tu cuenta se ha cambiado el ${when}. Por seguridad, hemos cerrado las sesiones que tenías abiertas.

Si has sido tú, no tienes que hacer nada más.
Si no has sido tú, solicita ahora una contraseña nueva y ponte en contacto con nosotros:
${input.resetLink}

${BRAND}`;
  return { template: 'contrasena-cambiada', subject, html, text };
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

export function staffInvitationMail(input: {
  nombre: string;
  rolLabel: string;
  link: string;
  ttlSeconds: number;
  totpRequired: boolean;
}): RenderedMail {
  const subject = 'Te han invitado a la gestión del despacho';
  const expires = formatDuration(input.ttlSeconds);
  const totp = input.totpRequired
    ? 'Al activarla necesitarás una aplicación de autenticación (por ejemplo, la de tu móvil) para la verificación en dos pasos.'
    : 'Al activarla podrás configurar, si quieres, una aplicación de autenticación para la verificación en dos pasos.';
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">¡Hola, ${escapeHtml(input.nombre)}!</h1>
<p>Te han dado acceso a la gestión del despacho con el rol de ${escapeHtml(input.rolLabel)}. Para entrar, elige tu contraseña.</p>
<p>${escapeHtml(totp)}</p>
${button(input.link, 'Activar mi cuenta')}
<p style="font-size:13px;color:#52606d;">El enlace caduca en ${expires} y solo se puede usar una vez.</p>`,
  );
  const text = `¡Hola, ${input.nombre}!

Te han dado acceso a la gestión del despacho con el rol de ${input.rolLabel}. Para entrar, elige tu contraseña:
${input.link}

${totp}

El enlace caduca en ${expires} y solo se puede usar una vez.

${BRAND}`;
  return { template: 'staff-invitation', subject, html, text };
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
