import { Stepper } from '@cbp/ui';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { STEP_LABELS } from './strings';

describe('the review’s stepper as a screen reader hears it', () => {
  it('calls the steps not reached yet «sin empezar», never «pendiente»', () => {
    const markup = renderToStaticMarkup(
      createElement(Stepper, {
        steps: ([1, 2, 3, 4] as const).map((step) => STEP_LABELS[step]),
        currentStep: 2,
        'aria-label': 'Progreso de la revisión',
      }),
    );
    const text = markup.replace(/<[^>]+>/g, '');
    expect(text).toContain(`${STEP_LABELS[4]} (sin empezar)`);
    expect(text).toContain(`${STEP_LABELS[1]} (completado)`);
    expect(text.toLocaleLowerCase('es-ES')).not.toContain('pendiente');
  });
});
