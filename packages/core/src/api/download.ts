import { tokenSchema } from '../schemas';
import { EmptyResponseError } from './errors';
import { type ApiTransport, type CallOptions, checkedInput } from './transport';

/** A file the API sent as an attachment. */
export interface DownloadedFile {
  readonly blob: Blob;
  /** The name the server gave it, safe to offer to the browser's download. */
  readonly fileName: string;
}

/** What a download is called when the server names it in no way we can read. */
export const FALLBACK_DOWNLOAD_NAME = 'documento';

const EXTENDED = /(?:^|;)\s*filename\*\s*=\s*([\w!#$%&+^`{}~-]+)'[^']*'([^;\s]*)/i;
const QUOTED = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i;
const TOKEN = /(?:^|;)\s*filename\s*=\s*([^;\s"]+)/i;

function decodeExtended(charset: string, value: string): string | undefined {
  if (charset.toLowerCase() !== 'utf-8') return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

// Control characters and path separators never reach a saved file's name.
// eslint-disable-next-line no-control-regex -- the point is to match control characters.
const UNSAFE = /[\u0000-\u001f\u007f/\\]/g;

function safeName(name: string | undefined): string | undefined {
  const cleaned = name?.replace(UNSAFE, '_').trim().slice(0, 255);
  return cleaned === undefined || cleaned === '' || /^\.+$/.test(cleaned) ? undefined : cleaned;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` first, then
 * the plain `filename`; FALLBACK_DOWNLOAD_NAME when there is none.
 */
export function fileNameFromContentDisposition(header: string | null): string {
  if (header === null) return FALLBACK_DOWNLOAD_NAME;
  const extended = EXTENDED.exec(header);
  const fromExtended =
    extended === null ? undefined : decodeExtended(extended[1] ?? '', extended[2] ?? '');
  const quoted = QUOTED.exec(header)?.[1]?.replace(/\\(.)/g, '$1');
  const plain = quoted ?? TOKEN.exec(header)?.[1];
  return safeName(fromExtended) ?? safeName(plain) ?? FALLBACK_DOWNLOAD_NAME;
}

/**
 * How long a download may take: a 50 MB file on a slow mobile connection needs minutes, far
 * beyond the 10 s of every other call. The caller's signal can still stop it sooner.
 */
export const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/** A file the server sends as an attachment, read as a blob with its name. */
export async function downloadAttachment(
  send: ApiTransport,
  path: string,
  accessToken: string,
  fallbackMessage: string,
  callOptions: CallOptions & { readonly timeoutMs?: number; readonly accept?: string },
): Promise<DownloadedFile> {
  const response = await send({
    method: 'GET',
    path,
    headers: { Accept: callOptions.accept ?? 'application/pdf' },
    accessToken: checkedInput(tokenSchema, accessToken),
    signal: callOptions.signal,
    timeoutMs: callOptions.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
    responseType: 'blob',
    fallbackMessage,
  });
  if (response.blob === undefined || response.blob.size === 0) {
    throw new EmptyResponseError(response.status);
  }
  return {
    blob: response.blob,
    fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
  };
}
