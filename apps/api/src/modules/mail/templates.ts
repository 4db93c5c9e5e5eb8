import { escapeHtml, pageStart } from '../../lib/html';

export interface RenderedMail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

export const BRAND = 'Código de Buenas Prácticas';

export function layout(title: string, bodyHtml: string): string {
  return `${pageStart(title)}
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

export function formatDuration(seconds: number): string {
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
