import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';

import { ToastProvider, useToast } from './Toast';

function UploadFlow() {
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          const uploading = toast.info('Subiendo nomina.pdf...');
          toast.error('Error al subir dni.pdf');
          toast.dismiss(uploading);
          toast.success('¡Nómina subida correctamente!');
        }}
      >
        Subir
      </button>
      <button
        type="button"
        onClick={() => {
          toast.dismiss();
        }}
      >
        Cerrar todas
      </button>
    </>
  );
}

describe('useToast', () => {
  it('shows one toast at a time, the newest; dismissing without an id closes it', async () => {
    const screen = await render(
      <ToastProvider durations={{ success: 3000, info: 3000 }}>
        <UploadFlow />
      </ToastProvider>,
    );
    await screen.getByRole('button', { name: 'Subir' }).click();
    const region = screen.getByRole('region', { name: 'Notificaciones (F8)' });
    const count = () => region.getByRole('listitem').elements().length;
    const text = () => region.element().textContent;
    // The region is a chunk of its own, loaded with the first toast: give it time on a busy machine.
    await expect.poll(count, { timeout: 10_000 }).toBe(1);
    expect(text()).toContain('¡Nómina subida correctamente!');
    expect(text()).not.toContain('Error al subir dni.pdf');
    expect(text()).not.toContain('Subiendo nomina.pdf...');

    await screen.getByRole('button', { name: 'Cerrar todas' }).click();
    await expect.poll(count).toBe(0);
  });

  it('tells the developer when there is no provider', async () => {
    function Orphan() {
      useToast();
      return null;
    }
    await expect(render(<Orphan />)).rejects.toThrow(
      'useToast() needs a <ToastProvider> above it.',
    );
  });
});
