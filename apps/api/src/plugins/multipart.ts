import fastifyMultipart from '@fastify/multipart';
import { RULES } from '@cbp/core';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(fastifyMultipart, {
      // The one upload limit of the product (decision 0102).
      limits: { fileSize: RULES.documents.maxFileBytes, files: 1, fields: 10 },
    });
  },
  { name: 'multipart' },
);
