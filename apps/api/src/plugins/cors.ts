import fastifyCors from '@fastify/cors';
import { STAFF_SESSION_HEADER } from '@cbp/core';
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../context';
import { originAllowed } from '../lib/origins';

/** What a tus client sends and must read back across origins (uploads, decision 0471). */
const TUS_REQUEST_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'Upload-Defer-Length',
  'Upload-Concat',
];
const TUS_RESPONSE_HEADERS = [
  'Location',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Expires',
  'Upload-Defer-Length',
];

export default fp<ModuleOptions>(
  async (app, { ctx }) => {
    await app.register(fastifyCors, {
      origin(origin, callback) {
        const allowed = origin === undefined || originAllowed(ctx.config, origin);
        callback(null, allowed);
      },
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: [
        'Content-Type',
        'Authorization',
        'Idempotency-Key',
        STAFF_SESSION_HEADER,
        ...TUS_REQUEST_HEADERS,
      ],
      exposedHeaders: [...TUS_RESPONSE_HEADERS, 'Content-Disposition', 'X-Request-Id'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
