import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';

import { ProgressBar, progressPercent } from './ProgressBar';

describe('progressPercent', () => {
  it('rounds to a whole percentage', () => {
    // 3 / 9 × 100 = 33,33… ; 2 / 3 × 100 = 66,67…
    expect(progressPercent(3, 9)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(45, 100)).toBe(45);
  });

  it('reads 100 only when everything is done and 0 only when nothing is', () => {
    // 199 / 200 × 100 = 99,5 would round up to 100; 1 / 300 × 100 = 0,33 would round down to 0.
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(1, 300)).toBe(1);
    expect(progressPercent(200, 200)).toBe(100);
    expect(progressPercent(0, 200)).toBe(0);
  });

  it('treats out-of-range values as the nearest end', () => {
    expect(progressPercent(12, 9)).toBe(100);
    expect(progressPercent(-1, 9)).toBe(0);
    expect(progressPercent(Number.NaN, 9)).toBe(0);
    expect(progressPercent(3, 0)).toBe(0);
  });
});

describe('ProgressBar', () => {
  it('clamps a value above max so the bar stays valid', async () => {
    const screen = await render(<ProgressBar label="Documentación" value={12} max={9} />);
    const bar = screen.getByRole('progressbar', { name: 'Documentación' });
    await expect.element(bar).toHaveAttribute('aria-valuenow', '9');
    await expect.element(bar).toHaveAttribute('aria-valuetext', '100\u00a0%');
  });

  it('still reads the percentage when it is not shown', async () => {
    const screen = await render(
      <ProgressBar
        label="Progreso del expediente"
        value={40}
        valueText="Fase 2 de 5"
        showPercent={false}
      />,
    );
    await expect
      .element(screen.getByRole('progressbar', { name: 'Progreso del expediente' }))
      .toHaveAttribute('aria-valuetext', 'Fase 2 de 5, 40\u00a0%');
    await expect.element(screen.getByText('Fase 2 de 5')).toBeVisible();
  });
});
