/**
 * Once per run of the api project: the S3 server every file's S3 suites share (each file makes
 * its own bucket), and, under CI, the guarantee that the PostgreSQL half of the suites runs.
 */
import type { TestProject } from 'vitest/node';
import { DEFAULT_TEST_DATABASE_URL, postgresProblem } from './database';
import { s3ServerUnavailable, startS3Server } from './s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The S3 server's address; undefined only where moto cannot run outside CI. */
    s3Endpoint: string | undefined;
  }
}

const inCi = process.env.CI === 'true' || process.env.CI === '1';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const problem = await postgresProblem(databaseUrl);
  const host = new URL(databaseUrl).host;
  if (problem !== undefined && inCi) {
    throw new Error(
      `[api] CI=true y PostgreSQL no responde en ${host} (${problem}): ` +
        'las pruebas sobre PostgreSQL no pueden saltarse en CI. .ci/run arranca uno si no lo hay; ' +
        'TEST_DATABASE_URL apunta a otro.',
    );
  }
  if (problem === undefined) {
    console.info(`[api] Pruebas de integración sobre PGlite y sobre PostgreSQL en ${host}`);
  }

  const unavailable = s3ServerUnavailable();
  if (unavailable !== undefined) {
    if (inCi) {
      throw new Error(`[api] CI=true y no hay servidor S3 de pruebas: ${unavailable}`);
    }
    console.warn(
      `[api] Sin servidor S3 de pruebas (${unavailable}): se saltan las pruebas sobre S3.`,
    );
    project.provide('s3Endpoint', undefined);
    return () => Promise.resolve();
  }
  const s3 = await startS3Server();
  console.info(`[api] Servidor S3 de pruebas (moto) en ${s3.endpoint}`);
  project.provide('s3Endpoint', s3.endpoint);
  return () => s3.stop();
}
