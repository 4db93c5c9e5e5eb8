import {
  errorResponseSchema,
  euriborAddRequestSchema,
  ipremAddRequestSchema,
  seriesResponseSchema,
} from '@cbp/core';
import type { AppContext, ModuleApi } from '../../context';
import { requireStaff } from '../auth/guards';
import { addEuriborMonth, addIpremYear, listSeries } from '../series/service';
import { auditBy, denied, noStore, security, tags } from '../auth/staff-http';

const addResponses = {
  200: seriesResponseSchema,
  400: errorResponseSchema,
  409: errorResponseSchema,
  ...denied,
};

/**
 * The Euribor and IPREM series, inside the staff plugin: every staff role reads them, only
 * administrators add or correct a value (decision 0621).
 */
export function staffSeriesRoutes(api: ModuleApi, ctx: AppContext): void {
  api.get(
    '/series',
    {
      schema: {
        summary:
          'El Euríbor a un año de cada mes y el IPREM de cada año, lo más reciente primero, y si falta algún mes',
        tags,
        security,
        response: { 200: seriesResponseSchema, ...denied },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(await listSeries(ctx.db, ctx.today())),
  );

  api.post(
    '/series/euribor',
    {
      config: { access: requireStaff('admin') },
      schema: {
        summary:
          'Añade el Euríbor a un año oficial de un mes con su referencia del BOE (o lo corrige con una fila nueva)',
        tags,
        security,
        body: euriborAddRequestSchema,
        response: addResponses,
      },
    },
    async (request, reply) => {
      const actor = auditBy(request);
      await addEuriborMonth(ctx.db, request.body, actor);
      return reply.headers(noStore).send(await listSeries(ctx.db, ctx.today()));
    },
  );

  api.post(
    '/series/iprem',
    {
      config: { access: requireStaff('admin') },
      schema: {
        summary:
          'Añade el IPREM de un año con su referencia del BOE (o lo corrige con una fila nueva)',
        tags,
        security,
        body: ipremAddRequestSchema,
        response: addResponses,
      },
    },
    async (request, reply) => {
      await addIpremYear(ctx.db, request.body, auditBy(request));
      return reply.headers(noStore).send(await listSeries(ctx.db, ctx.today()));
    },
  );
}
