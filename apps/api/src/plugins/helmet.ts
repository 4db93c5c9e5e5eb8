import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../context';
import { helmetOptions } from './security-headers';

export default fp<ModuleOptions>(
  async (app, { ctx }) => {
    await app.register(fastifyHelmet, helmetOptions(ctx.config.production));
  },
  { name: 'helmet' },
);
