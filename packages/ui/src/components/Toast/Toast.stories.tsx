import { RULES } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';

import { Button } from '../Button';
import { ToastProvider, useToast } from './Toast';

const onRetry = fn();

/** What the live regions of one politeness say now, as a screen reader would read it. */
function liveRegionTexts(politeness: 'polite' | 'assertive'): string[] {
  return Array.from(document.querySelectorAll(`[aria-live="${politeness}"]`)).map((region) =>
    region.textContent.replace(/\s+/g, ' ').trim(),
  );
}

function toastRegion() {
  return within(document.body).getByRole('region', { name: 'Notificaciones (F8)' });
}

function KindsDemo() {
  const toast = useToast();
  return (
    <Button
      onClick={() => {
        // Kept open until closed so the picture is stable; real ones use the kind's duration.
        const open = { duration: Number.POSITIVE_INFINITY };
        toast.info('Subiendo nomina.pdf...', open);
        toast.success('Documentos obtenidos correctamente', open);
        toast.error('Error al subir nomina.pdf', {
          ...open,
          description: 'El archivo supera el tamaño máximo de 50 MB.',
        });
      }}
    >
      Mostrar los tres tipos
    </Button>
  );
}

function DocumentsDemo() {
  const toast = useToast();
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        onClick={() => {
          toast.success('Documentación enviada correctamente');
        }}
      >
        Finalizar subida de documentos
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          toast.error('Error al subir nomina.pdf');
        }}
      >
        Simular un error
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          toast.info('Sesión completada pero no se encontraron documentos', {
            action: {
              label: 'Actualizar estado',
              altText: 'Pulsa «Actualizar estado» en la página de documentos.',
              onClick: onRetry,
            },
          });
        }}
      >
        Simular sesión sin documentos
      </Button>
    </div>
  );
}

/** The product's timing, from its rule table: the kit takes it as a prop. */
const durations = { success: RULES.timings.toastSuccessMs, info: RULES.timings.toastSuccessMs };

const meta = {
  title: 'Componentes/Toast',
  component: ToastProvider,
  args: { durations },
  decorators: [
    (Story) => (
      <ToastProvider durations={durations}>
        <Story />
      </ToastProvider>
    ),
  ],
  render: () => <DocumentsDemo />,
  parameters: {
    screenshot: { scope: 'page' },
    docs: {
      description: {
        component: `
Short messages about the result of an action that do not interrupt: "Documentación enviada correctamente",
"Error al subir nomina.pdf", "Subiendo nomina.pdf...". One shows at a time: the newest replaces the one before.
At the bottom right; on narrow screens across the width, at the top or the bottom, whichever half of the
screen the focused control is not in, so the toast never covers the button just used.

**Usage**
- Wrap the app once in \`<ToastProvider>\`; below it \`const toast = useToast()\` and call
  \`toast.success(message)\`, \`toast.error(message)\` or \`toast.info(message)\`. Each returns an id for
  \`toast.dismiss(id)\` (e.g. to remove "Subiendo..." when the upload ends); \`toast.dismiss()\` closes all.
- Options: \`description\` (second line), \`action\` (\`{ label, altText, onClick }\`) and \`duration\`.
- Durations (\`durations\`, given by the app): success and info 3 s here (\`RULES.timings.toastSuccessMs\`); errors and any toast
  with an action stay until closed. Hovering or focusing the toasts pauses the timers.
- A toast tells a result the page does not show; it must never be the only place for something the person has
  to act on, and never repeat what the page already says (then the page says it alone). Put errors that block
  the page in an \`Alert\`, and give an action's \`altText\` the other way to do it.

**Accessibility criteria**
- Each new toast is announced once, preceded by "Notificación": errors assertively, success and info
  politely. A hidden prefix ("Error:", "Correcto:", "Información:") tells the kind without colour or icon.
- The toasts live in a region named "Notificaciones (F8)"; F8 moves focus there and Tab then goes through
  the toasts (newest first) and their buttons. Closing the focused toast leaves focus in the region.
- Every toast has a close button named "Cerrar" (44 × 44 px); Escape closes the focused toast; swiping right
  closes it on touch screens.
- Text uses \`surface-foreground\` on \`surface\`; the kind's colour is a thick start border and the icon.
`,
      },
    },
  },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Kinds: Story = {
  render: () => <KindsDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar los tres tipos' }));
    // One at a time: the newest (the error) replaces the others, and is the one announced.
    await waitFor(async () => {
      await expect(liveRegionTexts('assertive')).toEqual([
        'Notificación Error: Error al subir nomina.pdf El archivo supera el tamaño máximo de 50 MB.',
      ]);
    });

    const region = toastRegion();
    await expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    await expect(region).toHaveTextContent('Error: Error al subir nomina.pdf');
    await expect(region).not.toHaveTextContent('Documentos obtenidos correctamente');
    await expect(within(region).getAllByRole('button', { name: 'Cerrar' })).toHaveLength(1);
  },
};

export const Durations: Story = {
  play: async ({ canvas, userEvent }) => {
    onRetry.mockClear();
    // Taken before the click: the toast's timer starts during it, never before.
    const clickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar subida de documentos' }));
    const region = toastRegion();
    await expect(await within(region).findAllByRole('listitem')).toHaveLength(1);

    // The success toast leaves after RULES.timings.toastSuccessMs (3000 ms)...
    await waitFor(
      async () => {
        await expect(region).not.toHaveTextContent('Documentación enviada correctamente');
      },
      { timeout: RULES.timings.toastSuccessMs + 2000 },
    );
    await expect(performance.now() - clickedAt).toBeGreaterThanOrEqual(
      RULES.timings.toastSuccessMs,
    );
    // ...while an error stays until the next toast replaces it, and one with an action stays.
    await userEvent.click(canvas.getByRole('button', { name: 'Simular un error' }));
    await expect(await within(region).findByRole('listitem')).toHaveTextContent(
      'Error al subir nomina.pdf',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Simular sesión sin documentos' }));
    await expect(region).toHaveTextContent('Sesión completada pero no se encontraron documentos');
    await expect(region).not.toHaveTextContent('Error al subir nomina.pdf');

    await userEvent.click(within(region).getByRole('button', { name: 'Actualizar estado' }));
    await expect(onRetry).toHaveBeenCalledTimes(1);
    await expect(region).not.toHaveTextContent('Sesión completada');
    await expect(within(region).queryAllByRole('listitem')).toHaveLength(0);
  },
};

export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Simular un error' });
    await userEvent.tab();
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const region = toastRegion();
    const toast = await within(region).findByRole('listitem');

    await userEvent.keyboard('[F8]');
    await expect(within(region).getByRole('list')).toHaveFocus();
    await userEvent.tab();
    await expect(toast).toHaveFocus();
    await userEvent.tab();
    await expect(within(toast).getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(within(region).queryAllByRole('listitem')).toHaveLength(0);
    // Focus stays in the region instead of falling back to the page's start.
    await expect(within(region).getByRole('list')).toHaveFocus();

    // Escape closes the focused toast.
    await userEvent.click(trigger);
    const second = await within(region).findByRole('listitem');
    await userEvent.keyboard('[F8]');
    await userEvent.tab();
    await expect(second).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(within(region).queryAllByRole('listitem')).toHaveLength(0);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => <KindsDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar los tres tipos' }));
    const region = toastRegion();
    const toasts = await within(region).findAllByRole('listitem');
    for (const toast of toasts) {
      const { left, right } = toast.getBoundingClientRect();
      await expect(left).toBeGreaterThanOrEqual(0);
      await expect(right).toBeLessThanOrEqual(window.innerWidth);
      await expect(right - left).toBeGreaterThan(window.innerWidth - 40);
    }
  },
};

function EndsDemo() {
  const toast = useToast();
  const show = (where: string) => () => {
    toast.success(`Guardado desde ${where}`);
  };
  return (
    <div className="flex min-h-[calc(100dvh-2rem)] flex-col justify-between gap-3">
      <Button onClick={show('arriba')}>Guardar arriba</Button>
      <Button onClick={show('abajo')}>Guardar abajo</Button>
    </div>
  );
}

/** True when two boxes share some area. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** On a phone the toast takes the half of the screen the button just used is not in. */
export const NeverCoversTheAction: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => <EndsDemo />,
  play: async ({ canvas, userEvent }) => {
    for (const where of ['abajo', 'arriba']) {
      const button = canvas.getByRole('button', { name: `Guardar ${where}` });
      await userEvent.click(button);
      const region = toastRegion();
      await waitFor(async () => {
        await expect(within(region).getByRole('listitem')).toHaveTextContent(
          `Guardado desde ${where}`,
        );
      });
      const toasts = within(region).getAllByRole('listitem');
      await expect(toasts).toHaveLength(1);
      const [shown] = toasts;
      await expect(
        overlaps(shown?.getBoundingClientRect() ?? new DOMRect(), button.getBoundingClientRect()),
      ).toBe(false);
    }
  },
};
