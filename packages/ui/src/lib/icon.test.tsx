import { Check } from 'lucide';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';

import { icon } from './icon';

const Done = icon(Check);

describe('icon', () => {
  it('draws Lucide’s drawing in the colour of the text, hidden from assistive technology', async () => {
    const screen = await render(
      <p>
        Guardado <Done className="size-5" focusable="false" />
      </p>,
    );
    const svg = screen.container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.getAttribute('fill')).toBe('none');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('class')).toBe('size-5');
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe(Check[0]?.[1].d);
  });

  it('keeps a drawing that is given a name for assistive technology', async () => {
    const screen = await render(
      <Done role="img" aria-label="Documento revisado" strokeWidth={3} />,
    );
    const drawing = screen.getByRole('img', { name: 'Documento revisado' });
    await expect.element(drawing).toBeVisible();
    expect(drawing.element().getAttribute('aria-hidden')).toBeNull();
    expect(drawing.element().getAttribute('stroke-width')).toBe('3');
  });
});
