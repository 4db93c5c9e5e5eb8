import { formatWholeEuros, PLANS, RULES, type PlanId } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';

import { PlanCard } from './PlanCard';

const [unico, fraccionado] = PLANS;
if (!unico || !fraccionado) throw new Error('@cbp/core lists two plans');

/** The app's claim over the single payment, from the rule table: the kit only shows it. */
const singlePaymentClaim = `Ahorra ${formatWholeEuros(RULES.plans.singlePaymentSaving)}`;

const meta = {
  title: 'Componentes/PlanCard',
  component: PlanCard,
  args: { plan: unico, highlight: singlePaymentClaim, onSelect: fn() },
  argTypes: {
    plan: { control: false },
    selected: { control: 'boolean' },
    highlight: { control: 'text' },
    headingLevel: { control: 'select', options: [2, 3, 4] },
  },
  parameters: {
    docs: {
      description: {
        component: `
One of the law firm's fee plans on "Seleccionar Plan" (/app/honorarios), taken from @cbp/core's \`PLANS\`: name,
total price, how it is paid, description, features and a button that chooses it.

**Usage**
- Render one card per plan of \`PLANS\`, side by side (stacked on phones), in a list or a section titled
  "Elige cómo quieres pagar"; keep the chosen plan's id in the screen's state and pass \`selected\`.
- \`onSelect(planId)\` is called when the person chooses a plan; the screen then resets the payment method,
  the consents and the signature (spec 02, 4.5).
- \`highlight\` is a short claim over the price, given by the app: "Ahorra 490 €" on the single payment,
  computed from the rule table; without it there is none.
- \`headingLevel\` keeps the plan names in the page's outline (3 under the section's \`<h2>\`).

**Accessibility criteria**
- Each card is an \`<article>\` named by its plan's heading.
- The button is a toggle: its name says which plan ("Elegir Pago Único") and \`aria-pressed\` says whether it is
  the chosen one; the name does not change when it is chosen. It works with Enter and Space.
- The chosen plan is shown by more than colour: the card's border and background, a check and the words
  "Plan elegido", and a filled button with a check.
- Prices are es-ES ("1.489,00 €"); features are a real list with decorative checks.
- At 375 px the cards stack and every text wraps.
`,
      },
    },
  },
} satisfies Meta<typeof PlanCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PagoUnico: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const card = canvas.getByRole('article', { name: 'Pago Único' });
    // Amounts keep a no-break space before the euro sign.
    await expect(card.querySelector('[data-slot="plan-card-highlight"]')?.textContent).toBe(
      'Ahorra 490\u00a0€',
    );
    await expect(card.querySelector('[data-slot="plan-card-price"]')?.textContent).toBe(
      '999,00\u00a0€',
    );
    await expect(card).toHaveTextContent('Un solo pago');
    const button = canvas.getByRole('button', { name: 'Elegir Pago Único' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(args.onSelect).toHaveBeenCalledWith('unico');
  },
};

export const PagoFraccionadoSelected: Story = {
  args: { plan: fraccionado, selected: true, highlight: undefined },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('article', { name: 'Pago Fraccionado' });
    await expect(card).toHaveTextContent('499,00 € al empezar y 10 cuotas mensuales de 99,00 €');
    await expect(card).toHaveTextContent('1.489,00 € en total');
    await expect(card).toHaveTextContent('Plan elegido');
    await expect(card).not.toHaveTextContent('Ahorra');
    await expect(canvas.getByRole('button', { name: 'Elegir Pago Fraccionado' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

function PlanChoice({ onSelect }: { onSelect?: (planId: PlanId) => void }) {
  const [chosen, setChosen] = useState<PlanId | null>(null);
  return (
    <section aria-labelledby="planes" className="flex flex-col gap-4">
      <h2 id="planes" className="text-2xl font-bold">
        Elige cómo quieres pagar
      </h2>
      <ul className="grid gap-6 md:grid-cols-2">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              highlight={plan.id === 'unico' ? singlePaymentClaim : undefined}
              selected={chosen === plan.id}
              onSelect={(planId) => {
                onSelect?.(planId);
                setChosen(planId);
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export const Choice: Story = {
  parameters: {
    docs: {
      description: {
        story: 'Both plans; choosing one with the keyboard marks it and unmarks the other.',
      },
    },
  },
  render: (args) => <PlanChoice onSelect={args.onSelect} />,
  play: async ({ args, canvas, userEvent }) => {
    const single = canvas.getByRole('button', { name: 'Elegir Pago Único' });
    const split = canvas.getByRole('button', { name: 'Elegir Pago Fraccionado' });
    await userEvent.tab();
    await expect(single).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(single).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('article', { name: 'Pago Único' })).toHaveAttribute(
      'data-selected',
      'true',
    );

    await userEvent.tab();
    await expect(split).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(split).toHaveAttribute('aria-pressed', 'true');
    await expect(single).toHaveAttribute('aria-pressed', 'false');
    await expect(args.onSelect).toHaveBeenLastCalledWith('fraccionado');
    await expect(canvas.getAllByText('Plan elegido')).toHaveLength(1);
  },
};

export const ChoiceOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => <PlanChoice onSelect={args.onSelect} />,
  play: async ({ canvas, canvasElement }) => {
    const [first, second] = canvas.getAllByRole('article');
    if (!first || !second) throw new Error('Two plans expected');
    // Stacked: the second card starts below the first.
    await expect(second.getBoundingClientRect().top).toBeGreaterThan(
      first.getBoundingClientRect().bottom,
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  args: { selected: true },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('button', { name: 'Elegir Pago Único' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};
