/** What a part whose code a newer version replaced says; its «Intentar de nuevo» reloads. */
export const CODE_REPLACED_RETRY =
  'Hemos actualizado la web mientras la usabas. Pulsa «Intentar de nuevo» para cargar la versión nueva.';

/**
 * The site answered, but the code this page was built with is no longer on it. Each page says
 * in its own words what to do (its retry button reloads, or the person reloads).
 */
export class OutdatedPageError extends Error {
  constructor() {
    super('The code this page was built with is no longer on the site');
    this.name = 'OutdatedPageError';
  }
}

/**
 * A new version replaces the hashed files a page already open refers to; asking again can never
 * succeed, reloading does. Told apart from a dropped connection by asking for the file the
 * browser names in its error (Safari names none: that reads as a connection failure).
 */
async function codeWasReplaced(error: unknown): Promise<boolean> {
  const address =
    error instanceof Error ? /https?:\/\/\S+?\.js\b/.exec(error.message)?.[0] : undefined;
  if (address === undefined || new URL(address).origin !== window.location.origin) return false;
  try {
    const answer = await fetch(address, { method: 'HEAD', cache: 'no-store' });
    return answer.status === 404;
  } catch {
    return false;
  }
}

/**
 * Code a page loads when a person sends, not with the page: an API client and the schemas of
 * its requests and answers, which a visit that only reads never runs. A failure to load it is
 * passed on as the browser gave it, unless the file is gone because a newer version went live
 * (`OutdatedPageError`): each page says what to do in its own words.
 */
export function onDemand<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return () =>
    load().catch(async (error: unknown) => {
      if (await codeWasReplaced(error)) throw new OutdatedPageError();
      throw error;
    });
}
