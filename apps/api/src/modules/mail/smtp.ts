import nodemailer from 'nodemailer';
import type { MailTransport } from './outbox';

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${mail.id}@cbp-api>`,
        headers: { 'X-Outbox-Id': mail.id },
      });
    },
    close() {
      transporter.close();
      return Promise.resolve();
    },
  };
}
