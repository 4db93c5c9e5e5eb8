import type { z } from 'zod/mini';

export const INVALID_DATA_MESSAGE = 'Revisa los datos: hay campos no válidos';

export interface FormattedIssues {
  /** One sentence for a banner or an error answer: the first problem found. */
  readonly message: string;
  /** The first Spanish message per field, keyed by the field's path ('email', 'documentos.0.year'). */
  readonly fields: Readonly<Record<string, string>>;
}

function pathKey(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => (typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)))
    .join('.');
}

/**
 * Spanish messages per field from a failed parse, for the server's 4xx answers and for forms.
 * Unknown fields of a strict object are reported under their own names.
 */
export function formatZodIssues(
  error: z.core.$ZodError | readonly z.core.$ZodIssue[],
): FormattedIssues {
  const issues = Array.isArray(error)
    ? (error as readonly z.core.$ZodIssue[])
    : (error as z.core.$ZodError).issues;
  const fields: Record<string, string> = {};
  const remember = (key: string, message: string) => {
    if (!(key in fields)) fields[key] = message;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) remember(pathKey([...issue.path, key]), issue.message);
    } else {
      remember(pathKey(issue.path), issue.message);
    }
  }
  return { message: issues[0]?.message ?? INVALID_DATA_MESSAGE, fields };
}
