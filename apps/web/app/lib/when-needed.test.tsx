import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { WhenNeeded } from './when-needed';

describe('content drawn when it is needed', () => {
  it('is drawn at once when its place is in view', async () => {
    const screen = await render(
      <WhenNeeded>
        <p>Preguntas frecuentes</p>
      </WhenNeeded>,
    );
    await expect.element(screen.getByText('Preguntas frecuentes')).toBeVisible();
  });

  it('further down, waits for the person to start using the page: a key is enough', async () => {
    const screen = await render(
      <>
        <button type="button">Elegir plan</button>
        <div style={{ height: '4000px' }} />
        <WhenNeeded>
          <p>Preguntas frecuentes</p>
        </WhenNeeded>
      </>,
    );
    // Long enough for an observer that saw it to have said so.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByText('Preguntas frecuentes').query()).toBeNull();

    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByText('Preguntas frecuentes')).toBeInTheDocument();
  });

  it('further down, is drawn when the person scrolls to it', async () => {
    const screen = await render(
      <>
        <div style={{ height: '4000px' }} />
        <WhenNeeded>
          <p>Nuestros honorarios</p>
        </WhenNeeded>
      </>,
    );
    expect(screen.getByText('Nuestros honorarios').query()).toBeNull();
    window.scrollTo(0, document.body.scrollHeight);
    await expect.element(screen.getByText('Nuestros honorarios')).toBeInTheDocument();
  });
});
