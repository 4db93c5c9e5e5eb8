import { escapeHtml } from '../../lib/html';
import {
  BRAND,
  button,
  formatDateTime,
  formatDuration,
  layout,
  type RenderedMail,
} from './templates';

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
