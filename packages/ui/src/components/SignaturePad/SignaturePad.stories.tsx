import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { SignaturePad, type SignaturePadValue } from './SignaturePad';

type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** A short handwritten-looking stroke, in CSS pixels from the canvas's top-left corner. */
const stroke = [
  [40, 110],
  [60, 70],
  [80, 105],
  [100, 60],
  [125, 112],
  [150, 75],
  [175, 100],
  [210, 90],
  [250, 95],
] as const;

/** Draws `stroke` with the mouse: pointer down, moves, pointer up, at fixed positions. */
async function draw(userEvent: UserEvent, canvasElement: HTMLElement) {
  const rect = canvasElement.getBoundingClientRect();
  const at = ([x, y]: readonly [number, number]) => ({
    clientX: rect.left + x,
    clientY: rect.top + y,
  });
  const [first, ...rest] = stroke;
  await userEvent.pointer([
    { keys: '[MouseLeft>]', target: canvasElement, coords: at(first) },
    ...rest.map((point) => ({ target: canvasElement, coords: at(point) })),
    { keys: '[/MouseLeft]', target: canvasElement },
  ]);
}

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

const meta = {
  title: 'Formularios/SignaturePad',
  component: SignaturePad,
  args: { onChange: fn(), onSignatureChange: fn() },
  argTypes: {
    label: { control: 'text' },
    hint: { control: 'text' },
    defaultMode: { control: 'select', options: ['draw', 'type'] },
  },
  decorators: [withWidth('max-w-xl')],
  parameters: {
    docs: {
      description: {
        component: `
The signature of step 3 of the payment ("Firma"): drawn with a finger, a pen or the mouse, or, for whoever cannot
or prefers not to draw, typed as a name that the pad turns into an image.

**Usage**
- \`onChange(signature)\` receives a PNG data URL (\`data:image/png;base64,...\`) after every stroke or typed letter,
  and \`null\` when the signature is cleared or the person switches between drawing and typing. Show "Proceder al Pago"
  only while it is not \`null\`, and store that image with the payment.
- The drawing library (react-signature-canvas) is loaded the first time a pad renders, so it adds nothing to pages
  without one; "Cargando el recuadro de firma..." shows meanwhile.
- The ink is the theme's text colour on a transparent background. A typed name is drawn in italics, centred on a
  600 × 160 image, whatever the screen.
- \`onSignatureChange(value)\` receives the same signature with how it was made: \`{ mode: 'draw', image }\` or
  \`{ mode: 'type', image, name }\`, so a typed name can be recorded as the name itself.
- To start again from outside (another plan was chosen), render it with a new \`key\`.
- The state is exposed three ways: the text under the pad, \`data-state="empty" | "signed"\` on the root, and
  \`onChange\`.

**Accessibility criteria**
- A region named by its visible label ("Firma") and described by the instructions; the canvas is an image named
  "Recuadro para dibujar la firma".
- Drawing is never the only way (WCAG 2.5.1, 2.5.7): "Prefiero escribir mi nombre" swaps the canvas for a text field,
  moves focus into it, and the typed name becomes the signature; "Prefiero dibujar mi firma" goes back.
- "Limpiar" and the switch are ordinary buttons, reached with Tab and used with Enter or Space; clearing keeps focus on
  "Limpiar".
- "Todavía no has firmado." / "Firma registrada." is a polite status, so the change is announced; it is also shown in
  text, not by colour.
- Drawing uses mouse, touch and pen; the canvas stops the page from scrolling only while drawing on it
  (\`touch-action: none\`), and keeps the drawing when the phone's address bar resizes the window.
- The pad is as wide as its container and 176 px high; buttons wrap at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof SignaturePad>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Firma' });
    await expect(region).toHaveAccessibleDescription(
      'Dibuja tu firma dentro del recuadro con el dedo, un lápiz o el ratón.',
    );
    await canvas.findByRole('img', { name: 'Recuadro para dibujar la firma' });
    await expect(canvasElement.querySelector('[data-slot="signature-pad"]')).toHaveAttribute(
      'data-state',
      'empty',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Todavía no has firmado.');

    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Limpiar' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Prefiero escribir mi nombre' })).toHaveFocus();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const DrawAndClear: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'A stroke drawn with the pointer signs; "Limpiar", pressed from the keyboard, clears; a second stroke signs again. The stroke is drawn at fixed points with a steady pen, so the picture is the same on every run.',
      },
    },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const pad = await canvas.findByRole('img', { name: 'Recuadro para dibujar la firma' });
    const root = canvasElement.querySelector('[data-slot="signature-pad"]');
    const status = canvas.getByRole('status');

    await draw(userEvent, pad);
    await expect(root).toHaveAttribute('data-state', 'signed');
    await expect(status).toHaveTextContent('Firma registrada.');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.stringMatching(PNG_DATA_URL));

    await userEvent.tab();
    const clear = canvas.getByRole('button', { name: 'Limpiar' });
    await expect(clear).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(root).toHaveAttribute('data-state', 'empty');
    await expect(status).toHaveTextContent('Todavía no has firmado.');
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(clear).toHaveFocus();
    // Cleared means blank: every pixel of the canvas is transparent again.
    const context = (pad as HTMLCanvasElement).getContext('2d');
    const pixels = context?.getImageData(0, 0, (pad as HTMLCanvasElement).width, 40).data;
    await expect(pixels?.some((channel) => channel !== 0)).toBe(false);

    await draw(userEvent, pad);
    await expect(root).toHaveAttribute('data-state', 'signed');
    await expect(args.onChange).toHaveBeenCalledTimes(3);
  },
};

export const TypedName: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'The alternative to drawing, with the keyboard only: the switch moves focus to the name field, and the typed name becomes the signature.',
      },
    },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const root = canvasElement.querySelector('[data-slot="signature-pad"]');
    await canvas.findByRole('img', { name: 'Recuadro para dibujar la firma' });
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Prefiero escribir mi nombre' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const name = canvas.getByRole('textbox', { name: 'Tu nombre y apellidos' });
    await expect(name).toHaveFocus();
    await expect(root).toHaveAttribute('data-mode', 'type');
    await expect(canvas.queryByRole('img', { name: 'Recuadro para dibujar la firma' })).toBeNull();

    await userEvent.keyboard('María José García Núñez');
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'signed'));
    await expect(canvas.getByRole('status')).toHaveTextContent('Firma registrada.');
    const preview = await canvas.findByRole('img', { name: 'Firma: María José García Núñez' });
    await waitFor(() =>
      expect(args.onChange).toHaveBeenLastCalledWith(preview.getAttribute('src')),
    );
    await expect(preview.getAttribute('src')).toMatch(PNG_DATA_URL);
    const image = preview as HTMLImageElement;
    await waitFor(() => expect(image.naturalWidth).toBe(600));
    await expect(image.naturalHeight).toBe(160);

    // Erasing the name withdraws the signature.
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'empty'));
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await userEvent.keyboard('María José García Núñez');
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'signed'));
  },
};

export const TypedNameRecorded: Story = {
  args: { defaultMode: 'type', typedNameLabel: 'Escribe tu nombre completo' },
  parameters: {
    docs: {
      description: {
        story:
          'A typed signature reaches `onSignatureChange` as the name itself (spaces tidied) with its picture, so it can be recorded as a typed signature; erasing it gives `null`.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const name = canvas.getByRole('textbox', { name: 'Escribe tu nombre completo' });
    await userEvent.type(name, ' María  Núñez ');
    await waitFor(async () => {
      const last = args.onSignatureChange?.mock.lastCall?.[0] as
        SignaturePadValue | null | undefined;
      await expect(last).toMatchObject({ mode: 'type', name: 'María Núñez' });
      await expect(last?.image).toMatch(PNG_DATA_URL);
    });
    await userEvent.clear(name);
    await waitFor(() => expect(args.onSignatureChange).toHaveBeenLastCalledWith(null));
  },
};

export const SwitchingBackOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultMode: 'type' },
  parameters: {
    docs: {
      description: {
        story:
          'Starting with the typed name at 375 px; going back to drawing withdraws the typed signature.',
      },
    },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const root = canvasElement.querySelector('[data-slot="signature-pad"]');
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Tu nombre y apellidos' }),
      'Ana Ruiz',
    );
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'signed'));

    await userEvent.click(canvas.getByRole('button', { name: 'Prefiero dibujar mi firma' }));
    await expect(root).toHaveAttribute('data-state', 'empty');
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await canvas.findByRole('img', { name: 'Recuadro para dibujar la firma' });
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
