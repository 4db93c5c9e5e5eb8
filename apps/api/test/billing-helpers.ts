import { CONTRACT_TERMS_VERSION } from '@cbp/core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import type { SandboxPaymentGateway } from '../src/providers/payments/sandbox/gateway';
import { passingLead, readMailbox, STAFF_PASSWORD, text, type TestServer } from './helpers';

/** A client of the firm, signing and paying as the plan screen does, for the tests that need one. */

export async function signaturePng(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 180 70 S 260 90, 290 40" stroke="#111" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export function signBody(overrides: Record<string, unknown> = {}) {
  return {
    plan: 'unico',
    metodo: 'tarjeta',
    terminosVersion: CONTRACT_TERMS_VERSION,
    consentimientos: { condiciones: true, autorizacion: true },
    firma: { tipo: 'escrita', nombre: 'Lucía Pérez García' },
    ...overrides,
  };
}

export interface Client {
  token: string;
  leadId: string;
  email: string;
}

export async function newClient(server: TestServer): Promise<Client> {
  const lead = passingLead();
  const response = await server.request('/api/leads', { json: lead });
  expect(response.status).toBe(201);
  return {
    token: text(response.body, 'session', 'access_token'),
    leadId: text(response.body, 'data', 'id'),
    email: lead.email,
  };
}

export function sandboxOf(server: TestServer): SandboxPaymentGateway {
  const { sandbox } = server.ctx.payments;
  if (sandbox === undefined) throw new Error('sin simulador de pagos');
  return sandbox;
}

export async function sign(
  server: TestServer,
  client: Client,
  overrides: Record<string, unknown> = {},
) {
  const response = await server.request('/api/contrato', {
    token: client.token,
    json: signBody(overrides),
  });
  expect(response.status, response.text).toBe(201);
  return response;
}

/** Opens the card checkout of the signed contract, as 'Proceder al Pago' does. */
export async function openCheckout(
  server: TestServer,
  client: Client,
  plan: 'unico' | 'fraccionado',
) {
  const session = await server.request(
    `/api/stripe-session?prefilled_email=${encodeURIComponent(client.email)}`,
    {
      token: client.token,
      json: {
        leadId: client.leadId,
        userId: null,
        paymentType: plan === 'unico' ? 'single' : 'split',
      },
    },
  );
  expect(session.status, session.text).toBe(200);
  return { sessionId: text(session.body, 'sessionId'), url: text(session.body, 'url') };
}

/** Signs for card, opens the checkout and presses Pagar on the sandbox page. */
export async function payByCard(
  server: TestServer,
  client: Client,
  plan: 'unico' | 'fraccionado',
  signing: Record<string, unknown> = {},
) {
  await sign(server, client, { ...signing, plan });
  const { sessionId, url } = await openCheckout(server, client, plan);
  const paid = await fetch(`${url}/pagar`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toContain(`/app/pago-completado?session_id=${sessionId}`);
  await server.ctx.background.idle();
  return { sessionId, url };
}

export async function staffToken(server: TestServer): Promise<string> {
  const email = `admin.${String(Date.now())}.${String(Math.random()).slice(2, 8)}@despacho.es`;
  await server.ctx.db.insert(staffMembers).values({
    email,
    nombre: 'Dirección',
    role: 'admin',
    passwordHash: await hashPassword(STAFF_PASSWORD),
    activatedAt: new Date(),
  });
  const login = await server.request('/api/gestion/auth/login', {
    json: { email, password: STAFF_PASSWORD },
  });
  return text(login.body, 'session', 'access_token');
}

export async function mailsTo(server: TestServer, email: string) {
  return (await readMailbox(server)).filter((message) => message.para === email);
}
