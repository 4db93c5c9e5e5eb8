import { retrievalTaxYears } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, documents, retrievalSessions } from '../src/db/schema';
import { documentsOverview } from '../src/modules/documents/overview';
import { retrievedFileName } from '../src/modules/retrieval/service';
import { signedWebhookHeaders } from '../src/providers/retrieval/webhook';
import { markFileSent, newCaseClient } from './case-file';
import { passingLead, readMailbox, serverFor, text, variants } from './helpers';

describe.each(variants)(
  'automatic retrieval for the client (sandbox provider, $name)',
  (variant) => {
    const server = serverFor(variant, {}, { today: () => '2026-11-25' });

    async function newLead() {
      const created = await server().request('/api/leads', { json: passingLead() });
      expect(created.status).toBe(201);
      return {
        id: text(created.body, 'data', 'id'),
        token: text(created.body, 'session', 'access_token'),
      };
    }

    async function start(lead: { id: string; token: string }) {
      const answer = await server().request('/api/bankflip-session', {
        token: lead.token,
        // The spec's fixed years: the server asks for today's instead.
        json: {
          leadId: lead.id,
          documentos: [
            { model: 'HACIENDA_RENTA', year: 2020 },
            { model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' },
          ],
        },
      });
      expect(answer.status).toBe(201);
      return text(answer.body, 'session', 'widget_link');
    }

    async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const value = await read();
        if (done(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the condition was never met');
    }

    it('has no session until one is started, then reopens the same widget', async () => {
      const lead = await newLead();
      const none = await server().request(`/api/bankflip-session/${lead.id}`, {
        token: lead.token,
      });
      // Not a 404: every new case is here, and the screen asks on each visit.
      expect(none).toMatchObject({
        status: 200,
        body: { session: null, documentos: [], widget_link: null },
      });

      const link = await start(lead);
      expect(link).toMatch(new RegExp(`^${server().url}/sandbox/bankflip/widget/`));
      const open = await server().request(`/api/bankflip-session/${lead.id}`, {
        token: lead.token,
      });
      expect(open).toMatchObject({
        status: 200,
        body: {
          session: { estado: 'iniciada', widget_link: link },
          documentos: [],
          widget_link: link,
        },
      });
      const [row] = await server()
        .ctx.db.select()
        .from(retrievalSessions)
        .where(eq(retrievalSessions.leadId, lead.id));
      const years = retrievalTaxYears('2026-11-25');
      expect(years).toEqual([2025, 2024, 2023, 2022]);
      expect(row?.requests).toEqual([{ model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' }]);
    });

    it('stores the documents the provider retrieved once the widget succeeds, each once', async () => {
      const lead = await newLead();
      const response = await server().request('/api/bankflip-session', {
        token: lead.token,
        json: {
          leadId: lead.id,
          documentos: [
            { model: 'HACIENDA_RENTA', year: 2025 },
            { model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' },
          ],
        },
      });
      const link = text(response.body, 'session', 'widget_link');
      const done = await server().request(`${new URL(link).pathname}/exito`, { method: 'POST' });
      expect(done.status).toBe(200);

      const view = await until(
        () => server().request(`/api/bankflip-session/${lead.id}`, { token: lead.token }),
        (answer) => (answer.body as { documentos?: unknown[] }).documentos?.length === 2,
      );
      expect(view.body).toMatchObject({
        session: { estado: 'completada', widget_link: null },
        documentos: [
          { tipo_documento: 'HACIENDA_RENTA' },
          { tipo_documento: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' },
        ],
      });
      await server().ctx.background.idle();
      const stored = await server()
        .ctx.db.select()
        .from(documents)
        .where(eq(documents.leadId, lead.id));
      expect(stored).toHaveLength(2);
      expect(
        stored.every((row) => row.origin === 'obtenido' && row.mimeType === 'application/pdf'),
      ).toBe(true);

      const overview = await documentsOverview(server().ctx.db, lead.id);
      expect(overview?.obtenidos.map((file) => file.nombre)).toEqual([
        'Declaración de la Renta 2025',
        'Certificado integral de prestaciones de la Seguridad Social',
      ]);
      // Each file keeps its name with one extension, and the size of its bytes.
      for (const file of overview?.obtenidos ?? []) {
        expect(file.archivo.name).toMatch(/^[^.]+(?: [^.]+)*\.pdf$/);
        expect(file.archivo.name).not.toMatch(/\.pdf\.pdf$/);
        expect(file.archivo.size).toBe(
          stored.find((row) => row.id === file.archivo.id)?.size ?? -1,
        );
        expect(file.archivo.size).toBeGreaterThan(500);
      }
      const audit = await server()
        .ctx.db.select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.subjectId, lead.id));
      expect(audit.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['retrieval.started', 'retrieval.completed']),
      );
    });

    it('names a retrieved file with its extension once', () => {
      expect(retrievedFileName('Declaración de la Renta 2025.pdf', 'pdf')).toBe(
        'Declaración de la Renta 2025.pdf',
      );
      expect(retrievedFileName('Renta 2025', 'pdf')).toBe('Renta 2025.pdf');
      expect(retrievedFileName('Certificado.PDF', '.pdf')).toBe('Certificado.pdf');
      expect(retrievedFileName('x'.repeat(300), 'pdf')).toHaveLength(255);
    });

    it('audits each retrieved document in the transaction that stores it', async () => {
      const lead = await newLead();
      const link = await start(lead);
      await server().request(`${new URL(link).pathname}/exito`, { method: 'POST' });
      await until(
        () => server().request(`/api/bankflip-session/${lead.id}`, { token: lead.token }),
        (answer) =>
          (answer.body as { session?: { estado?: string } }).session?.estado === 'completada',
      );
      await server().ctx.background.idle();
      const stored = await server()
        .ctx.db.select()
        .from(documents)
        .where(eq(documents.leadId, lead.id));
      expect(stored).toHaveLength(1);
      const [entry] = await server()
        .ctx.db.select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, stored[0]?.id ?? ''));
      expect(entry).toMatchObject({
        actorKind: 'sistema',
        action: 'documents.retrieved',
        subjectType: 'document',
        after: {
          lead: lead.id,
          modelo: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES',
          tipo: 'application/pdf',
        },
      });
    });

    it('keeps a retrieval that ends after the file was sent out of it, and tells the firm once', async () => {
      const client = await newCaseClient(server());
      const lead = { id: client.leadId, token: client.token };
      const link = await start(lead);
      await markFileSent(server(), client);
      await server().request(`${new URL(link).pathname}/exito`, { method: 'POST' });
      await until(
        () => server().request(`/api/bankflip-session/${lead.id}`, { token: lead.token }),
        (answer) =>
          (answer.body as { session?: { estado?: string } }).session?.estado === 'completada',
      );
      // Once more, as the client's screen and the provider's webhooks both may.
      await server().request(`/api/bankflip-session/${lead.id}`, { token: lead.token });
      const mails = (await readMailbox(server())).filter((mail) =>
        mail.asunto.startsWith('Documentos obtenidos después del envío'),
      );

      const stored = await server()
        .ctx.db.select()
        .from(documents)
        .where(eq(documents.leadId, lead.id));
      expect(stored).toEqual([]);
      const keptOut = await server()
        .ctx.db.select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.subjectId, lead.id),
            eq(auditLog.action, 'retrieval.kept_out_of_sent_file'),
          ),
        );
      expect(keptOut).toHaveLength(1);
      expect(keptOut[0]).toMatchObject({
        actorKind: 'sistema',
        after: { modelo: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' },
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        para: server().ctx.config.firmEmail,
        asunto: 'Documentos obtenidos después del envío: Lucía García Pérez',
      });
      expect(mails[0]?.texto).toContain(
        'Certificado integral de prestaciones de la Seguridad Social',
      );
      expect(mails[0]?.texto).toContain(
        'Si reabres el expediente, el cliente puede volver a obtenerlos',
      );
    });

    it('shows a completed session without documents as such', async () => {
      const lead = await newLead();
      const link = await start(lead);
      await server().request(`${new URL(link).pathname}/sin-documentos`, { method: 'POST' });
      const view = await until(
        () => server().request(`/api/bankflip-session/${lead.id}`, { token: lead.token }),
        (answer) =>
          (answer.body as { session?: { estado?: string } }).session?.estado === 'completada',
      );
      expect(view.body).toMatchObject({ documentos: [], widget_link: null });
    });

    it('never shows nor starts a session on someone else’s lead', async () => {
      const owner = await newLead();
      const other = await newLead();
      await start(owner);
      const look = await server().request(`/api/bankflip-session/${owner.id}`, {
        token: other.token,
      });
      expect(look.status).toBe(404);
      const open = await server().request('/api/bankflip-session', {
        token: other.token,
        json: {
          leadId: owner.id,
          documentos: [{ model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' }],
        },
      });
      expect(open.status).toBe(404);
      const anonymous = await server().request(`/api/bankflip-session/${owner.id}`);
      expect(anonymous.status).toBe(401);
    });

    it('refuses a forged webhook and stores nothing from it', async () => {
      const lead = await newLead();
      const link = await start(lead);
      const sessionId = new URL(link).pathname.split('/').pop() ?? '';
      const body = JSON.stringify({ name: 'SESSION_COMPLETED', payload: { sessionId } });
      const url = `${server().url}/api/webhooks/bankflip`;
      const forged = await fetch(url, {
        method: 'POST',
        headers: signedWebhookHeaders(
          Buffer.from('otra-clave').toString('base64'),
          url,
          body,
          new Date(),
        ),
        body,
      });
      expect(forged.status).toBe(401);
      const view = await server().request(`/api/bankflip-session/${lead.id}`, {
        token: lead.token,
      });
      expect(view.body).toMatchObject({ session: { estado: 'iniciada' } });
    });
  },
);
