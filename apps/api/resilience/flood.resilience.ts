/**
 * Someone floods a stranger's address from 50 client addresses: 1,000 simulator leads posted
 * with that e-mail, then 1,000 signings from the sessions those leads got. The server keeps its
 * real rate limits; the addresses are told to it in X-Forwarded-For (TRUST_PROXY), and every
 * request goes to the server on this machine. What counts is how many mails reached the victim:
 * never more than the cap of an unverified address, whatever was asked.
 */
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_TERMS_VERSION } from '@cbp/core';
import { passingLeadRequest } from '@cbp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERIFIED_RECIPIENT_MAILS_PER_HOUR } from '../src/modules/mail/recipient-cap';
import { report, statusLine } from './figures';
import { type ServerProcess, startServerProcess } from './server-process';

const ADDRESSES = 50;
const LEADS = 1000;
const SIGNINGS = 1000;
/** Requests in flight at once: enough to meet in the case lock, few enough for two cores. */
const CONCURRENCY = 8;
const VICTIM = `victima.${String(Date.now())}@correo.es`;

/** The 50 client addresses, loopback ones, so not even a header names someone else's. */
const addressOf = (index: number) => `127.0.1.${String((index % ADDRESSES) + 1)}`;

/** Each session signs its plan twice and then another plan twice: half repeat what is in force. */
const CHOICES = [
  { plan: 'unico', metodo: 'tarjeta' },
  { plan: 'unico', metodo: 'tarjeta' },
  { plan: 'fraccionado', metodo: 'transferencia' },
  { plan: 'fraccionado', metodo: 'transferencia' },
] as const;

async function inPool<T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

async function bytesUnder(folder: string): Promise<number> {
  let total = 0;
  let entries: string[];
  try {
    entries = await readdir(folder, { recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const stats = await lstat(path.join(folder, entry));
    if (stats.isFile()) total += stats.size;
  }
  return total;
}

const tally = (statuses: number[]) => {
  const counted = new Map<number, number>();
  for (const status of statuses) counted.set(status, (counted.get(status) ?? 0) + 1);
  return counted;
};

describe('flood of one address through leads and signatures', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-inundacion-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      BENCH_REAL_LIMITS: '1',
      BENCH_WORKER: '1',
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  });

  it('sends the victim no more mails than the cap and stores one contract per agreement', async () => {
    const running = server;
    if (running === undefined) throw new Error('no server');
    const post = (pathname: string, from: string, body: unknown, token?: string) =>
      fetch(`${running.url}${pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': from,
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });

    const started = Date.now();
    const sessions: string[] = [];
    const leadStatuses = await inPool(LEADS, async (index) => {
      const response = await post('/api/leads', addressOf(index), passingLeadRequest(VICTIM));
      const body = (await response.json()) as { session?: { access_token?: string } };
      if (response.status === 201 && body.session?.access_token !== undefined) {
        sessions.push(body.session.access_token);
      }
      return response.status;
    });
    const leadsMs = Date.now() - started;
    expect(sessions.length).toBeGreaterThan(0);

    const documents = path.join(dataDir, 'documentos');
    const storedBefore = await bytesUnder(documents);
    const signingStarted = Date.now();
    // A session loops its signatures one after another, as a script would; sessions run at once.
    const perSession = await inPool(SIGNINGS / CHOICES.length, async (task) => {
      const session = sessions[task % sessions.length] ?? '';
      const statuses: number[] = [];
      for (const [step, choice] of CHOICES.entries()) {
        const index = task * CHOICES.length + step;
        const response = await post(
          '/api/contrato',
          addressOf(index),
          {
            ...choice,
            terminosVersion: CONTRACT_TERMS_VERSION,
            consentimientos: { condiciones: true, autorizacion: true },
            firma: { tipo: 'escrita', nombre: 'Nombre De La Víctima' },
          },
          session,
        );
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    });
    const signStatuses = perSession.flat();
    const signingMs = Date.now() - signingStarted;
    const stored = (await bytesUnder(documents)) - storedBefore;

    // The worker delivers what was queued; wait until nothing to the victim is left pending.
    let mails: { entregados: number; cola: Record<string, number> } = { entregados: 0, cola: {} };
    const deadline = Date.now() + 60_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const answer = await fetch(`${running.url}/bench/mails-to?to=${encodeURIComponent(VICTIM)}`);
      mails = (await answer.json()) as typeof mails;
    } while (
      ((mails.cola.pending ?? 0) > 0 || (mails.cola.sending ?? 0) > 0) &&
      Date.now() < deadline
    );

    const leadTally = tally(leadStatuses);
    const signTally = tally(signStatuses);
    const created = signTally.get(201) ?? 0;
    report(`Inundación de una dirección desde ${String(ADDRESSES)} direcciones`, [
      ['leads enviados', LEADS],
      ['leads por código', statusLine(leadTally)],
      ['firmas enviadas', SIGNINGS],
      ['firmas por código', statusLine(signTally)],
      ['correos enviados a la víctima', mails.entregados],
      ['correos retenidos por el tope', mails.cola.withheld ?? 0],
      ['tope por hora (dirección sin verificar)', UNVERIFIED_RECIPIENT_MAILS_PER_HOUR],
      ['bytes guardados por las firmas', stored],
      ['bytes por contrato nuevo', created === 0 ? 0 : Math.round(stored / created)],
      ['leads (s)', (leadsMs / 1000).toFixed(1)],
      ['firmas (s)', (signingMs / 1000).toFixed(1)],
    ]);

    expect(mails.entregados).toBeLessThanOrEqual(UNVERIFIED_RECIPIENT_MAILS_PER_HOUR);
    expect((mails.cola.pending ?? 0) + (mails.cola.sending ?? 0)).toBe(0);
    // Every request was answered as the rules say, never with an error of the server.
    expect([...leadTally.keys()].filter((status) => status !== 201 && status !== 429)).toEqual([]);
    expect([...signTally.keys()].filter((status) => ![200, 201, 429].includes(status))).toEqual([]);
    // Repeating what is in force made nothing new: at most one contract per agreement asked.
    expect(created).toBeLessThanOrEqual(SIGNINGS / 2);
    expect(signTally.get(200) ?? 0).toBeGreaterThan(0);
  });
});
