import {
  caseMoveRequestSchema,
  errorResponseSchema,
  idSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadNoteRequestSchema,
  leadUpdateRequestSchema,
  staffLeadDetailSchema,
} from '@cbp/core';
import { z } from 'zod';
import type { AppContext, ModuleApi } from '../../context';
import { recordAudit } from '../audit/service';
import { staffOf } from '../auth/guards';
import { moveCase } from '../case/phases';
import { addLeadNote, allLeads, listLeads, setFaseComercial } from '../leads/backoffice';
import { auditBy, denied, noStore, security, tags } from '../auth/staff-http';
import { csvHeader, csvRow, leadDetail } from './service';

const leadParams = z.object({ leadId: idSchema });
/** What a change to a lead answers: the lead as it is now. */
const changedLeadResponses = {
  200: staffLeadDetailSchema,
  400: errorResponseSchema,
  404: errorResponseSchema,
  ...denied,
};

/** The leads and their cases, inside the staff plugin (same guard: any staff role). */
export function staffLeadRoutes(api: ModuleApi, ctx: AppContext): void {
  api.get(
    '/leads',
    {
      schema: {
        summary: 'Leads paginados, ordenados y filtrados en el servidor',
        tags,
        security,
        querystring: leadListQuerySchema,
        response: { 200: leadListResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listLeads(ctx.db, request.query)),
  );

  api.get(
    '/leads.csv',
    {
      schema: {
        summary: 'Los leads filtrados (todas las páginas) en CSV',
        description: 'text/csv; separado por punto y coma, con BOM. Los errores, en JSON.',
        tags,
        security,
        querystring: leadListQuerySchema,
      },
    },
    async (request, reply) => {
      const { orden, direccion, resultado, fase_comercial, desde, hasta, q } = request.query;
      const filters = { orden, direccion, resultado, fase_comercial, desde, hasta, q };
      let body = csvHeader();
      let rows = 0;
      for await (const lead of allLeads(ctx.db, filters)) {
        body += csvRow(lead);
        rows += 1;
      }
      await recordAudit(ctx.db, {
        ...auditBy(request),
        action: 'leads.exported',
        after: { filtros: filters, filas: rows },
      });
      const day = ctx.today();
      return reply
        .headers(noStore)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
        .send(body);
    },
  );

  api.get(
    '/leads/:leadId',
    {
      schema: {
        summary: 'Todo lo que el despacho ve de un lead o caso',
        tags,
        security,
        params: leadParams,
        response: { 200: staffLeadDetailSchema, 404: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await leadDetail(ctx, request.params.leadId)),
  );

  api.patch(
    '/leads/:leadId',
    {
      schema: {
        summary: 'Cambia la fase comercial de un lead',
        tags,
        security,
        params: leadParams,
        body: leadUpdateRequestSchema,
        response: changedLeadResponses,
      },
    },
    async (request) => {
      await setFaseComercial(
        ctx.db,
        request.params.leadId,
        request.body.fase_comercial,
        auditBy(request),
      );
      return leadDetail(ctx, request.params.leadId);
    },
  );

  api.post(
    '/leads/:leadId/notas',
    {
      schema: {
        summary: 'Añade una nota interna a un lead',
        tags,
        security,
        params: leadParams,
        body: leadNoteRequestSchema,
        response: changedLeadResponses,
      },
    },
    async (request) => {
      await addLeadNote(
        ctx.db,
        {
          leadId: request.params.leadId,
          staffId: staffOf(request).id,
          text: request.body.texto,
        },
        auditBy(request),
      );
      return leadDetail(ctx, request.params.leadId);
    },
  );

  api.post(
    '/leads/:leadId/fase',
    {
      schema: {
        summary: 'Mueve el caso a otra fase con una nota; se avisa al cliente por correo',
        tags,
        security,
        params: leadParams,
        body: caseMoveRequestSchema,
        response: changedLeadResponses,
      },
    },
    async (request) => {
      await moveCase(
        ctx,
        {
          leadId: request.params.leadId,
          phaseId: request.body.fase,
          note: request.body.nota,
          staffId: staffOf(request).id,
        },
        auditBy(request),
      );
      return leadDetail(ctx, request.params.leadId);
    },
  );
}
