import { buildRecoveryUrl, buildStaffActivationUrl } from '@cbp/core';

/**
 * Addresses put in e-mails. The base is PUBLIC_URL, or the address the server listens on;
 * never the request's Host header, which a client controls.
 */
export class Links {
  private serverOrigin = 'http://127.0.0.1:3000';

  constructor(private readonly publicUrl: string | undefined) {}

  setServerAddress(host: string, port: number): void {
    const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    const hostPart = reachable.includes(':') ? `[${reachable}]` : reachable;
    this.serverOrigin = `http://${hostPart}:${port}`;
  }

  base(): string {
    return this.publicUrl ?? this.serverOrigin;
  }

  /** The page reads the token and type=recovery from the fragment, which never reaches logs. */
  recovery(token: string): string {
    return buildRecoveryUrl(this.base(), token);
  }

  /** A staff invitation: the token travels in the fragment too. */
  staffActivation(token: string): string {
    return buildStaffActivationUrl(this.base(), token);
  }

  /** The client's case status screen. */
  caseStatus(): string {
    return `${this.base()}/app/estado-caso`;
  }

  /** The client's documents screen, where a rejected file is replaced. */
  documents(): string {
    return `${this.base()}/app/obtener-documentos`;
  }

  /** The client's 'Enviar expediente' screen: what will be sent, what is missing. */
  submission(): string {
    return `${this.base()}/app/enviar-expediente`;
  }

  /** The client's plan and payment screen: contract, receipts, withdrawal. */
  billing(): string {
    return `${this.base()}/app/honorarios`;
  }

  /** Where the card checkout sends the browser back; the page asks the server what happened. */
  checkoutSuccess(): string {
    return `${this.base()}/app/pago-completado?session_id={CHECKOUT_SESSION_ID}`;
  }

  checkoutCancel(): string {
    return `${this.base()}/app/pago-cancelado`;
  }

  /** A case in the back-office, for the firm's notices. */
  staffLead(leadId: string): string {
    return `${this.base()}/gestion/leads/${encodeURIComponent(leadId)}`;
  }

  login(): string {
    return `${this.base()}/login`;
  }

  resetRequest(): string {
    return `${this.base()}/reset-password-request`;
  }
}
