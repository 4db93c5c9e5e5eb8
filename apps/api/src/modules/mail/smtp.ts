import nodemailer from 'nodemailer';
import { type MailTransport, UncertainDeliveryError } from './outbox';

const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const REFUSED_BEFORE_DATA = new Set(['EDNS', 'EAUTH', 'ENOAUTH', 'EENVELOPE', 'EMESSAGE']);

/**
 * True only when the server certainly does not have the message: it answered with an error
 * code, or no session was ever opened. A connection lost mid-session may have dropped after
 * the server took the message, so it counts as uncertain and is never retried by itself.
 */
function certainlyNotDelivered(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const details = error as Error & {
    code?: unknown;
    originalCode?: unknown;
    responseCode?: unknown;
  };
  if (typeof details.responseCode === 'number') return true;
  if (typeof details.code === 'string' && REFUSED_BEFORE_DATA.has(details.code)) return true;
  if (typeof details.originalCode === 'string' && NOT_CONNECTED.has(details.originalCode))
    return true;
  return details.code === 'ETIMEDOUT' && error.message.startsWith('Connection timeout');
}

/** Health checks reuse a recent answer instead of opening an SMTP session each time. */
const VERIFY_CACHE_MS = 30_000;

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  let lastCheck: { at: number; ok: boolean } | undefined;
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: `<${mail.id}@cbp-api>`,
          headers: { 'X-Outbox-Id': mail.id },
        });
        return { messageId: info.messageId };
      } catch (error) {
        if (!certainlyNotDelivered(error)) {
          throw new UncertainDeliveryError(error instanceof Error ? error.message : String(error), {
            cause: error,
          });
        }
        throw error;
      }
    },
    async verify() {
      const now = Date.now();
      if (lastCheck !== undefined && now - lastCheck.at < VERIFY_CACHE_MS) return lastCheck.ok;
      const ok = await transporter.verify().then(
        () => true,
        () => false,
      );
      lastCheck = { at: now, ok };
      return ok;
    },
    close() {
      transporter.close();
      return Promise.resolve();
    },
  };
}
