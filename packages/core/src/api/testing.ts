import { ApiError } from './errors';
import type { FetchLike } from './transport';

/** One request as the server would have received it. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body, or undefined when none was sent. */
  readonly body: unknown;
  readonly signal: AbortSignal | null | undefined;
}

/** How a fake server answers one request: a response, or an Error for a transport failure. */
export type FakeReply = (request: RecordedRequest) => Response | Error | Promise<Response>;

/**
 * A stand-in for `fetch` that records every request and answers with `reply`. Throwing an Error
 * from `reply` (or returning one) imitates a transport failure the way browsers report it.
 */
export function fakeFetch(reply: FakeReply) {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const parsed = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init.signal,
    };
    requests.push(request);
    const answer = reply(request);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, requests };
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A small PDF sent as an attachment, named by `contentDisposition`. */
export function pdfAttachment(contentDisposition: string): Response {
  return new Response(new Uint8Array([37, 80, 68, 70]), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition },
  });
}

/** A request that never answers until its signal aborts, as a server that hangs. */
export function hangingReply(request: RecordedRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal?.addEventListener('abort', () => {
      reject(new DOMException('This operation was aborted', 'AbortError'));
    });
  });
}

/** The ApiError a call fails with; any other outcome fails the test. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('La llamada debía fallar');
}
