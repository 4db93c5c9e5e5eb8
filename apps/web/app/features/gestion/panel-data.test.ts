import { HttpError } from '@cbp/core';
import { describe, expect, it, vi } from 'vitest';

import { settled } from './panel-data';
import { GESTION_TEXT } from './strings';

describe('a part of a page that loads on its own', () => {
  it('gives its data when it loads', async () => {
    expect(await settled(Promise.resolve([1, 2]))).toEqual({ ok: true, data: [1, 2] });
  });

  it("keeps the server's Spanish message, or a general one, when it fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await settled(Promise.reject(new HttpError(404, 'No existe ese lead')))).toEqual({
      ok: false,
      message: 'No existe ese lead',
    });
    expect(await settled(Promise.reject(new Error('red caída')))).toEqual({
      ok: false,
      message: GESTION_TEXT.loadFailed,
    });
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('still leaves the page when the session is over', async () => {
    const signIn = new Response(null, { status: 302, headers: { Location: '/gestion/login' } });
    const load = Promise.resolve().then(() => {
      // A loader leaves the page by throwing React Router's redirect, a Response.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw signIn;
    });
    await expect(settled(load)).rejects.toBe(signIn);
  });
});
