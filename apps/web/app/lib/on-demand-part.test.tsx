import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { onDemandPart } from './on-demand-part';

function Greeting({ name }: { name: string }) {
  return <p>Hola, {name}</p>;
}

const LOADING = 'Cargando el saludo...';
const UNREACHABLE = 'No hemos podido cargar el saludo. Comprueba tu conexión.';

/** A download the test settles by hand: each call is one attempt. */
function manualDownload() {
  const attempts: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        attempts.push({
          resolve: () => {
            resolve(Greeting);
          },
          reject,
        });
      }),
  );
  return { load, attempts };
}

describe('a part downloaded when it shows', () => {
  it('holds its place with a loading notice, then shows the part with its props', async () => {
    const { load, attempts } = manualDownload();
    const { Part } = onDemandPart({ load, loading: LOADING, unreachable: UNREACHABLE });
    const screen = await render(<Part name="Lucía" />);

    await expect.element(screen.getByRole('status')).toHaveTextContent(LOADING);
    attempts[0]?.resolve();
    await expect.element(screen.getByText('Hola, Lucía')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says why when the download fails, and asks again on «Intentar de nuevo»', async () => {
    const { load, attempts } = manualDownload();
    const { Part } = onDemandPart({ load, loading: LOADING, unreachable: UNREACHABLE });
    const screen = await render(<Part name="Lucía" />);

    await vi.waitFor(() => {
      expect(attempts).toHaveLength(1);
    });
    attempts[0]?.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect.element(screen.getByText(UNREACHABLE)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await vi.waitFor(() => {
      expect(attempts).toHaveLength(2);
    });
    attempts[1]?.resolve();
    await expect.element(screen.getByText('Hola, Lucía')).toBeVisible();
    expect(screen.getByText(UNREACHABLE).query()).toBeNull();
  });

  it('downloads once when preloaded, and a part shown afterwards appears without waiting', async () => {
    const { load, attempts } = manualDownload();
    const { Part, preload } = onDemandPart({ load, loading: LOADING, unreachable: UNREACHABLE });

    const preloaded = preload();
    attempts[0]?.resolve();
    await preloaded;
    const screen = await render(<Part name="Marta" />);

    // Shown in the first render: no loading notice comes before it.
    expect(screen.getByText('Hola, Marta').query()).not.toBeNull();
    expect(screen.getByRole('status').query()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
