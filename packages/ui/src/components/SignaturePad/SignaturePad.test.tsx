import {
  pngDataUrlSize,
  SIGNATURE_MAX_SIDE_PX,
  SIGNATURE_PAD_MAX_HEIGHT_PX,
  SIGNATURE_PAD_MAX_WIDTH_PX,
  signatureSchema,
} from '@cbp/core';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { SignaturePad, type SignaturePadProps, type SignaturePadValue } from './SignaturePad';
import { renderTypedSignature } from './typed-signature';

function mouse(type: string, target: EventTarget, clientX: number, clientY: number) {
  target.dispatchEvent(
    new MouseEvent(type, { bubbles: true, button: 0, buttons: 1, clientX, clientY }),
  );
}

function inkedPixels(canvas: HTMLCanvasElement): number {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let count = 0;
  for (let alpha = 3; alpha < data.length; alpha += 4) if ((data[alpha] ?? 0) > 0) count += 1;
  return count;
}

/** Renders a pad `width` px wide, in a frame with the test id 'frame', and returns its canvas. */
async function renderDrawingPad(width: number, onChange: SignaturePadProps['onChange']) {
  // This project loads no stylesheet: give the canvas the size the pad's classes give it.
  const screen = await render(
    <div style={{ width: `${width}px` }} data-testid="frame">
      <style>
        {'[data-slot="signature-pad-canvas"] { display: block; width: 100%; height: 176px; }'}
      </style>
      <SignaturePad onChange={onChange} />
    </div>,
  );
  const pad = screen.getByRole('img', { name: 'Recuadro para dibujar la firma' });
  await expect.element(pad).toBeInTheDocument();
  const canvas = pad.element() as HTMLCanvasElement;
  return { screen, canvas, rect: canvas.getBoundingClientRect() };
}

describe('SignaturePad', () => {
  it('tells how the signature was made: a typed name arrives as the name with its picture', async () => {
    const onSignatureChange = vi.fn();
    const screen = await render(
      <SignaturePad
        defaultMode="type"
        typedNameLabel="Escribe tu nombre completo"
        onSignatureChange={onSignatureChange}
      />,
    );
    await screen.getByRole('textbox', { name: 'Escribe tu nombre completo' }).fill('Ana  Gil');
    await vi.waitFor(() => {
      const last = onSignatureChange.mock.lastCall?.[0] as SignaturePadValue | null | undefined;
      expect(last).toMatchObject({ mode: 'type', name: 'Ana Gil' });
      expect(last?.image).toMatch(/^data:image\/png;base64,/);
    });
    await screen.getByRole('button', { name: 'Limpiar' }).click();
    expect(onSignatureChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps the drawing and the signed state when the window or the pad resizes', async () => {
    const onChange = vi.fn();
    const { screen, canvas, rect } = await renderDrawingPad(500, onChange);
    mouse('mousedown', canvas, rect.left + 30, rect.top + 60);
    mouse('mousemove', canvas, rect.left + 80, rect.top + 100);
    mouse('mousemove', canvas, rect.left + 130, rect.top + 50);
    mouse('mouseup', canvas, rect.left + 130, rect.top + 50);
    expect(onChange).toHaveBeenCalledTimes(1);
    const inkBefore = inkedPixels(canvas);
    expect(inkBefore).toBeGreaterThan(100);

    // A phone's address bar sliding away resizes the window, and rotating it narrows the pad.
    await page.viewport(window.innerWidth, window.innerHeight - 60);
    expect(inkedPixels(canvas)).toBe(inkBefore);
    screen.getByTestId('frame').element().setAttribute('style', 'width: 400px');
    await vi.waitFor(() => {
      expect(canvas.width).toBe(Math.floor(canvas.offsetWidth * Math.max(devicePixelRatio, 1)));
    });
    await vi.waitFor(() => {
      expect(onChange).toHaveBeenCalledTimes(2);
    });
    expect(inkedPixels(canvas)).toBe(inkBefore);
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
    await expect.element(screen.getByRole('status')).toHaveTextContent('Firma registrada.');
  });

  it('hands over a drawing no larger than the server takes, however wide the pad', async () => {
    const onChange = vi.fn();
    const { canvas, rect } = await renderDrawingPad(3000, onChange);
    mouse('mousedown', canvas, rect.left + 10, rect.top + 20);
    for (let x = 10; x < 2990; x += 15) {
      mouse('mousemove', canvas, rect.left + x, rect.top + (x % 30 === 0 ? 20 : 160));
    }
    mouse('mouseup', canvas, rect.left + 2990, rect.top + 20);
    expect(canvas.width).toBeGreaterThan(SIGNATURE_MAX_SIDE_PX);
    const image = onChange.mock.lastCall?.[0] as string;
    const size = pngDataUrlSize(image);
    expect(size?.width).toBeLessThanOrEqual(SIGNATURE_PAD_MAX_WIDTH_PX);
    expect(size?.height).toBeLessThanOrEqual(SIGNATURE_PAD_MAX_HEIGHT_PX);
    expect(signatureSchema.safeParse(image).success).toBe(true);
  });
});

describe('renderTypedSignature', () => {
  // The page's own text colour, as the pad passes its theme's.
  const style = {
    color: getComputedStyle(document.body).color,
    fontFamily: "'Inter Variable', sans-serif",
  };

  async function load(dataUrl: string): Promise<HTMLCanvasElement> {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d')?.drawImage(image, 0, 0);
    return canvas;
  }

  it('draws the name on a 600 × 160 PNG, the same image every time', async () => {
    const first = await renderTypedSignature('María José García Núñez', style);
    const second = await renderTypedSignature('  María José   García Núñez ', style);
    expect(first).toMatch(/^data:image\/png;base64,/);
    expect(second).toBe(first);
    const canvas = await load(first);
    expect([canvas.width, canvas.height]).toEqual([600, 160]);
    expect(inkedPixels(canvas)).toBeGreaterThan(1000);
  });

  it('shrinks a long name so that it fits inside the margins', async () => {
    const canvas = await load(
      await renderTypedSignature(
        'María de los Ángeles Fernández-Villaverde y Pérez de Guzmán del Castillo',
        style,
      ),
    );
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context');
    // The 16 px strips at both ends stay blank: the text was made smaller, not cut.
    const left = context.getImageData(0, 0, 16, 160).data;
    const right = context.getImageData(584, 0, 16, 160).data;
    expect(left.some((channel) => channel !== 0)).toBe(false);
    expect(right.some((channel) => channel !== 0)).toBe(false);
    expect(inkedPixels(canvas)).toBeGreaterThan(1000);
  });
});
