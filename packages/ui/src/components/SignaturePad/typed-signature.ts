const WIDTH = 600;
const HEIGHT = 160;
const PADDING = 24;
const LARGEST_FONT_PX = 56;
const SMALLEST_FONT_PX = 18;

export interface TypedSignatureStyle {
  /** Any CSS colour; the pad passes its own text colour, from the theme's tokens. */
  color: string;
  /** A CSS font-family list; the pad passes its own (the self-hosted Inter). */
  fontFamily: string;
}

/**
 * Draws a typed name as a signature on a 600 × 160 transparent canvas and returns it as a PNG
 * data URL: italic, centred, as large as fits. The size is fixed, not tied to the screen, so
 * the same name gives the same image on every device.
 */
export async function renderTypedSignature(
  name: string,
  { color, fontFamily }: TypedSignatureStyle,
): Promise<string> {
  const text = name.trim().replace(/\s+/g, ' ');
  const font = (px: number) => `italic 500 ${String(px)}px ${fontFamily}`;
  // A canvas draws with whatever font is ready, so wait for the real one.
  await document.fonts.load(font(LARGEST_FONT_PX), text);

  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw on a canvas');

  let size = LARGEST_FONT_PX;
  context.font = font(size);
  while (size > SMALLEST_FONT_PX && context.measureText(text).width > WIDTH - 2 * PADDING) {
    size -= 2;
    context.font = font(size);
  }
  context.fillStyle = color;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, WIDTH / 2, HEIGHT / 2, WIDTH - 2 * PADDING);
  return canvas.toDataURL('image/png');
}
