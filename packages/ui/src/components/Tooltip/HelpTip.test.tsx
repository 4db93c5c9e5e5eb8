import { RULES } from '@cbp/core';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';

import { HelpTip } from './HelpTip';

function tap(element: HTMLElement) {
  const touch = { bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true };
  element.dispatchEvent(new PointerEvent('pointerdown', touch));
  element.dispatchEvent(new PointerEvent('pointerup', touch));
  element.dispatchEvent(new PointerEvent('pointerleave', { ...touch, bubbles: false }));
  element.click();
}

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const help = 'Los titulares son los deudores principales de la hipoteca, no los avalistas.';

describe('HelpTip', () => {
  it("stays open the rule table's time after a tap, then closes by itself", async () => {
    const screen = await render(
      <HelpTip topic="titulares" tapDuration={RULES.timings.tooltipMs}>
        {help}
      </HelpTip>,
    );
    const tooltip = screen.getByRole('tooltip');

    tap(screen.getByRole('button', { name: 'Ayuda: titulares' }).element() as HTMLElement);
    await expect.element(tooltip).toHaveTextContent(help);

    await wait(RULES.timings.tooltipMs - 500);
    await expect.element(tooltip).toBeInTheDocument();
    await wait(1000);
    await expect.element(tooltip).not.toBeInTheDocument();
  });

  it('follows tapDuration when a screen needs another time', async () => {
    const screen = await render(
      <HelpTip topic="unidad familiar" tapDuration={300}>
        {help}
      </HelpTip>,
    );
    tap(screen.getByRole('button', { name: 'Ayuda: unidad familiar' }).element() as HTMLElement);
    await expect.element(screen.getByRole('tooltip')).toBeInTheDocument();
    await wait(600);
    await expect.element(screen.getByRole('tooltip')).not.toBeInTheDocument();
  });
});
