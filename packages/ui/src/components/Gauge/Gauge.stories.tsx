import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Gauge } from './Gauge';

const meta = {
  title: 'Componentes/Gauge',
  component: Gauge,
  args: { label: 'Nueva cuota', value: 412.5, max: 980, unit: 'euros-month' },
  argTypes: {
    unit: { control: 'select', options: ['euros-month', 'years', 'percent'] },
    size: { control: 'select', options: ['sm', 'md', 'lg'] },
    value: { control: 'number' },
    max: { control: 'number' },
    min: { control: 'number' },
    label: { control: 'text' },
    valueText: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component: `
A figure of the calculator's results as a ring that fills between \`min\` and \`max\`, with its label
under it: the new instalment (€ a month), the grace period (years) and the grace interest (%).

**Usage**
- \`unit\`: \`euros-month\` shows "412,50 €" over "al mes"; \`years\` shows "5 años" ("1 año"); \`percent\` shows
  "2,50 %". Figures are formatted for es-ES by @cbp/core.
- Choose \`max\` so the ring means something: the current instalment for the new one (the ring shows how much of
  it is left to pay), the longest grace (5 años) for the grace period.
- A value outside the scale fills the ring (or leaves it empty) and still shows the real figure.
- \`label\` is short ("Nueva cuota", "Carencia", "Interés carencia"); explanations go in the text around it.

**Accessibility criteria**
- The wrapper is \`role="meter"\` named by the visible label, with \`aria-valuemin\`, \`aria-valuemax\`,
  \`aria-valuenow\` and the value in words in \`aria-valuetext\`: "Nueva cuota: 412,50 euros al mes",
  "Carencia: 5 años", "Interés carencia: 2,50 por ciento". \`valueText\` replaces it.
- The ring and the figure inside it are hidden from screen readers, which read the meter instead.
- The figure is text in the foreground colour; the ring uses the primary token (at least 3:1 on the page).
- The figure stays inside the ring at 375 px; gauges side by side wrap onto new lines.
`,
      },
    },
  },
} satisfies Meta<typeof Gauge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NuevaCuota: Story = {
  play: async ({ canvas }) => {
    const meter = canvas.getByRole('meter', { name: 'Nueva cuota' });
    await expect(meter).toHaveAttribute('aria-valuenow', '412.5');
    await expect(meter).toHaveAttribute('aria-valuemin', '0');
    await expect(meter).toHaveAttribute('aria-valuemax', '980');
    await expect(meter).toHaveAttribute('aria-valuetext', 'Nueva cuota: 412,50 euros al mes');
    await expect(meter.querySelector('[data-slot="gauge-value"]')?.textContent).toBe(
      '412,50\u00a0€',
    );
    await expect(meter.querySelector('[data-slot="gauge-unit"]')).toHaveTextContent('al mes');
    await expect(meter.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Carencia: Story = {
  args: { label: 'Carencia', value: 5, max: 5, unit: 'years' },
  play: async ({ canvas }) => {
    const meter = canvas.getByRole('meter', { name: 'Carencia' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'Carencia: 5 años');
    await expect(meter).toHaveTextContent('5 años');
  },
};

export const InteresCarencia: Story = {
  args: { label: 'Interés carencia', value: 2.5, max: 10, unit: 'percent' },
  play: async ({ canvas }) => {
    const meter = canvas.getByRole('meter', { name: 'Interés carencia' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'Interés carencia: 2,50 por ciento');
    await expect(meter.querySelector('[data-slot="gauge-value"]')?.textContent).toBe('2,50\u00a0%');
  },
};

export const ResultsOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: {
    docs: {
      description: {
        story:
          'The three gauges of "Resultados de tu simulación" at 375 px, with a new instalment of 1.235,80 € (more than the scale, so the ring is full) and one year of grace.',
      },
    },
  },
  render: () => (
    <div className="flex flex-wrap justify-center gap-6">
      <Gauge label="Nueva cuota" value={1235.8} max={1100} unit="euros-month" size="sm" />
      <Gauge label="Carencia" value={1} max={5} unit="years" size="sm" />
      <Gauge label="Interés carencia" value={2.5} max={10} unit="percent" size="sm" />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const cuota = canvas.getByRole('meter', { name: 'Nueva cuota' });
    // Above the scale: the meter reports the top of the scale, the words the real figure.
    await expect(cuota).toHaveAttribute('aria-valuenow', '1100');
    await expect(cuota).toHaveAttribute('aria-valuetext', 'Nueva cuota: 1.235,80 euros al mes');
    await expect(canvas.getByRole('meter', { name: 'Carencia' })).toHaveAttribute(
      'aria-valuetext',
      'Carencia: 1 año',
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const NoGrace: Story = {
  args: { label: 'Carencia', value: 0, max: 5, unit: 'years', size: 'lg' },
  parameters: {
    docs: { description: { story: 'No grace period (exclusion): an empty ring, "0 años".' } },
  },
  play: async ({ canvas, canvasElement }) => {
    const meter = canvas.getByRole('meter', { name: 'Carencia' });
    await expect(meter).toHaveAttribute('aria-valuenow', '0');
    await expect(meter).toHaveAttribute('aria-valuetext', 'Carencia: 0 años');
    await expect(canvasElement.querySelector('[data-slot="gauge-indicator"]')).toBeNull();
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('meter', { name: 'Nueva cuota' })).toBeVisible();
  },
};
