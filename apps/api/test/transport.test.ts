import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serverFor, variants } from './helpers';

const [pglite] = variants;
if (pglite === undefined) throw new Error('PGlite variant missing');

interface RawExchange {
  /** Everything the server wrote before it closed the connection. */
  answer: string;
  /** Milliseconds from the last byte we sent to the connection closing. */
  closedAfterMs: number;
}

/** Writes `chunks` on a bare TCP connection and waits for the server to close it. */
function rawExchange(url: string, chunks: string[], giveUpMs = 10_000): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    let sentAt = Date.now();
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${String(giveUpMs)} ms`));
    }, giveUpMs);
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      sentAt = Date.now();
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({
        answer: Buffer.concat(received).toString('utf8'),
        closedAfterMs: Date.now() - sentAt,
      });
    });
  });
}

function securityHeadersOf(answer: string): Record<string, string> {
  const head = answer.split('\r\n\r\n')[0] ?? '';
  return Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
  );
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.split('\r\n\r\n')[1] ?? '') as unknown;
}

describe('connections that stop sending (PGlite)', () => {
  const server = serverFor(pglite, {
    timeouts: { idleMs: 600, requestMs: 1500, headersMs: 800 },
  });

  it('closes a connection whose body stops arriving once it has been silent too long', async () => {
    const body = '{"nombre":"Lu';
    const exchange = await rawExchange(server().url, [
      'POST /api/leads HTTP/1.1\r\nHost: prueba\r\nContent-Type: application/json\r\n' +
        `Content-Length: 500\r\n\r\n${body}`,
    ]);
    expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(500);
    expect(exchange.closedAfterMs).toBeLessThan(3000);
  });

  it('closes a connection that sends its headers a byte at a time, with a Spanish 408', async () => {
    const { hostname, port } = new URL(server().url);
    const socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    const started = Date.now();
    // Never silent long enough for the idle limit, never finishing the headers.
    const drip = setInterval(() => {
      if (socket.writable) socket.write('X');
    }, 200);
    socket.write('GET /health-check HTTP/1.1\r\nHost: prueba\r\nX-Lento: ');
    await new Promise<void>((resolve) => socket.on('close', resolve));
    clearInterval(drip);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5000);
    const answer = Buffer.concat(received).toString('utf8');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toEqual({
      message: 'La petición ha tardado demasiado en llegar. Inténtalo de nuevo.',
    });
    expect(securityHeadersOf(answer)['x-content-type-options']).toBe('nosniff');
  });
});

describe('answers given before a request reaches a route (PGlite)', () => {
  const server = serverFor(pglite);

  it('answers a URL that cannot be decoded in Spanish, with the security headers', async () => {
    const response = await fetch(`${server().url}/api/leads/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      message: 'La dirección de la petición no es válida.',
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers a malformed HTTP request in Spanish, with the security headers', async () => {
    const exchange = await rawExchange(server().url, [
      'GET /health-check HTTP/1.1\r\nHost prueba\r\n\r\n',
    ]);
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(exchange.answer)).toEqual({ message: 'La petición no es válida.' });
    const headers = securityHeadersOf(exchange.answer);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers headers over the size limit with a Spanish 431', async () => {
    const exchange = await rawExchange(server().url, [
      `GET /health-check HTTP/1.1\r\nHost: prueba\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(exchange.answer)).toEqual({
      message: 'Las cabeceras de la petición son demasiado grandes.',
    });
  });
});
