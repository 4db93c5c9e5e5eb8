import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Button } from '../Button';
import { Stepper } from './Stepper';

const calculatorSteps = ['Banco', 'Personal', 'Hipoteca', 'Ingresos', 'Cuotas'] as const;

const meta = {
  title: 'Navegación/Stepper',
  component: Stepper,
  args: { steps: calculatorSteps, currentStep: 1, 'aria-label': 'Progreso del simulador' },
  argTypes: { currentStep: { control: { type: 'number', min: 1, max: 5 } } },
  decorators: [withWidth('max-w-3xl')],
  parameters: {
    docs: {
      description: {
        component: `
Shows where the person is in a form of several steps: a caption "Paso 1 de 5" and the named steps, with the
finished ones ticked. Used by the calculator wizard (Banco, Personal, Hipoteca, Ingresos, Cuotas) and the
file review (four steps).

**Usage**
- \`steps\` are short names; \`currentStep\` counts from 1. Name the landmark with \`aria-label\`
  ("Progreso del simulador") so it can be told apart from the site's navigation.
- The stepper only shows progress; the form's "Anterior" / "Siguiente" buttons move between steps. After a
  move, put focus on the new step's heading (\`tabIndex={-1}\` and \`focus()\`), as the Wizard story does,
  so screen readers start reading the new step.
- \`formatCaption\`, \`completedLabel\` and \`pendingLabel\` change the texts.

**Accessibility criteria**
- A \`<nav>\` with its own name containing an ordered list; the current step has \`aria-current="step"\`, and
  the others end with a hidden "(completado)" or "(sin empezar)", so state is never told by colour or tick
  alone.
- Markers differ in shape as well as colour: done steps are filled with a tick, the current one has a
  double ring, later ones are outlined with their number.
- At 375 px only the current step's name is shown under the markers (the caption says which step it is);
  the other names stay available to screen readers.
`,
      },
    },
  },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Progreso del simulador' });
    await expect(nav).toHaveTextContent('Paso 1 de 5');
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
    await expect(items[0]).toHaveTextContent('Banco');
    await expect(items[4]).toHaveTextContent('Cuotas (sin empezar)');
  },
};

export const MiddleStep: Story = {
  args: { currentStep: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paso 3 de 5')).toBeVisible();
    const items = canvas.getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Banco (completado)',
      'Personal (completado)',
      '3Hipoteca',
      '4Ingresos (sin empezar)',
      '5Cuotas (sin empezar)',
    ]);
    await expect(items[2]).toHaveAttribute('aria-current', 'step');
    await expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
  },
};

function WizardDemo() {
  const [step, setStep] = useState(1);
  const [moved, setMoved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the new step has rendered, its heading takes focus so reading starts there; not on the
  // first render, where focus belongs to the page.
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [step, moved]);
  const go = (next: number) => {
    setStep(next);
    setMoved(true);
  };
  return (
    <div className="flex flex-col gap-6">
      <Stepper steps={calculatorSteps} currentStep={step} aria-label="Progreso del simulador" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {calculatorSteps[step - 1]}
      </h2>
      <div className="flex gap-3">
        {step > 1 ? (
          <Button
            variant="outline"
            onClick={() => {
              go(step - 1);
            }}
          >
            Anterior
          </Button>
        ) : null}
        <Button
          onClick={() => {
            go(Math.min(step + 1, calculatorSteps.length));
          }}
        >
          {step === calculatorSteps.length ? 'Calcular' : 'Siguiente'}
        </Button>
      </div>
    </div>
  );
}

export const Wizard: Story = {
  render: () => <WizardDemo />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: 'Anterior' })).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const heading = await canvas.findByRole('heading', { name: 'Personal' });
    await expect(heading).toHaveFocus();
    await expect(canvas.getByText('Paso 2 de 5')).toBeVisible();
    const [banco, personal] = canvas.getAllByRole('listitem');
    await expect(banco).toHaveTextContent('Banco (completado)');
    await expect(personal).toHaveAttribute('aria-current', 'step');

    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(canvas.getByText('Paso 5 de 5')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Calcular' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Anterior' }));
    await expect(await canvas.findByRole('heading', { name: 'Ingresos' })).toHaveFocus();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { currentStep: 4 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Ingresos')).toBeVisible();
    // The other names are kept for screen readers only.
    await expect(canvas.getByText('Hipoteca')).toHaveClass('sr-only');
    await expect(canvas.getAllByRole('listitem')[2]).toHaveTextContent('Hipoteca (completado)');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const ReviewWizardRefundTheme: Story = {
  globals: { theme: 'refund' },
  args: {
    steps: ['Titulares', 'Revisión de Datos', 'Ingresos y parentesco', 'Datos del gestor'],
    currentStep: 2,
    'aria-label': 'Progreso de la revisión del expediente',
  },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(
      canvas.getByRole('navigation', { name: 'Progreso de la revisión del expediente' }),
    ).toHaveTextContent('Paso 2 de 4');
  },
};
