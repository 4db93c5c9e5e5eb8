/**
 * The client's API as another device of theirs would use it, for journeys that prepare part of a
 * case without the browser: plain calls, tus uploads as the documents screen sends them, and a
 * card payment in the sandbox checkout.
 */
import { Buffer } from 'node:buffer';

import {
  CONTRACT_TERMS_VERSION,
  type DocumentsOverview,
  documentsOverviewResponseSchema,
  PAYMENT_TYPE_BY_PLAN,
  type PlanId,
  reviewDraftResponseSchema,
  UPLOAD_PATH,
} from '@cbp/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';

import type { Account, E2E } from './harness';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface ClientApi {
  call: (
    token: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ) => Promise<ApiAnswer>;
  /** One file sent with tus: create, then one PATCH. */
  upload: (token: string, documentId: string, body: Buffer) => Promise<void>;
  /**
   * Signs the contract with the name typed and pays the single plan (or the split plan's first
   * payment) in the sandbox checkout; gives the checkout session's id.
   */
  payInSandbox: (token: string, account: Account, plan?: PlanId) => Promise<string>;
  /** The case's documents screen, as the API gives it. */
  overviewOf: (token: string) => Promise<DocumentsOverview>;
  /** Saves these answers over the review's draft and finalizes it. */
  finalizeReview: (token: string, values: Record<string, string>) => Promise<void>;
  /** A file for each entry the person has to upload (not the product's, not one Cl@ve filled). */
  uploadWhatIsAsked: (token: string) => Promise<void>;
}

/** Every entry of a checklist: the household's, each person's and the mortgage's. */
export function checklistEntries(checklist: DocumentsOverview['checklist']) {
  return [
    ...checklist.hogar,
    ...Object.values(checklist.holders).flatMap((lists) => [...lists.personal, ...lists.laboral]),
    ...checklist.hipoteca,
  ];
}

/** An A4 PDF of one page with the title written on it. */
export async function onePagePdf(title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(title, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await document.save());
}

export function expectOk(answer: ApiAnswer, what: string, status = 200) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
}

/** Calls against the file's site, read when called (it starts in `beforeAll`). */
export function clientApi(e2e: E2E): ClientApi {
  const call: ClientApi['call'] = async (token, method, path, body) => {
    const response = await fetch(`${e2e.site.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };

  const upload: ClientApi['upload'] = async (token, documentId, body) => {
    const metadata = [
      ['documentId', documentId],
      ['filename', `${documentId.replace('/', '-')}.pdf`],
    ]
      .map(([key, value]) => `${key ?? ''} ${Buffer.from(value ?? '').toString('base64')}`)
      .join(',');
    const created = await fetch(`${e2e.site.url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(body.length),
        'upload-metadata': metadata,
      },
    });
    expect(created.status, `tus POST ${documentId}: ${await created.text()}`).toBe(201);
    const sent = await fetch(new URL(created.headers.get('location') ?? '', e2e.site.url), {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(body),
    });
    expect(sent.status, `tus PATCH ${documentId}: ${await sent.text()}`).toBeLessThan(300);
  };

  const payInSandbox: ClientApi['payInSandbox'] = async (token, account, plan = 'unico') => {
    expectOk(
      await call(token, 'POST', '/api/contrato', {
        plan,
        metodo: 'tarjeta',
        terminosVersion: CONTRACT_TERMS_VERSION,
        consentimientos: { condiciones: true, autorizacion: true },
        firma: { tipo: 'escrita', nombre: 'Lucía García Pérez' },
      }),
      'POST /api/contrato',
      201,
    );
    const checkout = await call(
      token,
      'POST',
      `/api/stripe-session?prefilled_email=${encodeURIComponent(account.email)}`,
      { leadId: account.leadId, userId: null, paymentType: PAYMENT_TYPE_BY_PLAN[plan] },
    );
    expectOk(checkout, 'POST /api/stripe-session');
    const sessionId = String((checkout.body as { sessionId: unknown }).sessionId);
    // The sandbox checkout page's 'Pagar' button posts this form.
    const paid = await fetch(`${e2e.site.url}/sandbox/stripe/checkout/${sessionId}/pagar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await expect
      .poll(
        async () =>
          ((await call(token, 'GET', '/api/pagos/estado')).body as { data: { estado: string } })
            .data.estado,
        { timeout: 20_000 },
      )
      .toBe('confirmado');
    return sessionId;
  };

  const overviewOf: ClientApi['overviewOf'] = async (token) => {
    const answer = await call(token, 'GET', '/api/documents');
    expectOk(answer, 'GET /api/documents');
    return documentsOverviewResponseSchema.parse(answer.body).data;
  };

  const finalizeReview: ClientApi['finalizeReview'] = async (token, values) => {
    const current = await call(token, 'GET', '/api/expediente/revision');
    expectOk(current, 'GET /api/expediente/revision');
    const draft = reviewDraftResponseSchema.parse(current.body).data;
    expectOk(
      await call(token, 'PUT', '/api/expediente/revision', {
        valores: { ...draft.valores, ...values },
        paso: 4,
        pestana: 'personales',
        revision: draft.revision + 1,
      }),
      'PUT /api/expediente/revision',
    );
    expectOk(await call(token, 'POST', '/api/expediente/revision/finalizar'), 'Finalizar revisión');
  };

  const uploadWhatIsAsked: ClientApi['uploadWhatIsAsked'] = async (token) => {
    const { checklist } = await overviewOf(token);
    const toUpload = checklistEntries(checklist).filter(
      (entry) =>
        entry.necesario &&
        entry.origen === 'subida' &&
        entry.archivo === null &&
        entry.obtenidoCon === null,
    );
    for (const entry of toUpload) await upload(token, entry.id, await onePagePdf(entry.nombre));
  };

  return { call, upload, payInSandbox, overviewOf, finalizeReview, uploadWhatIsAsked };
}
