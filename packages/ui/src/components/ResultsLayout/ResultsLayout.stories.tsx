import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Alert } from '../Alert';
import { Gauge } from '../Gauge';
import { ResultsLayout, ResultsSection } from './ResultsLayout';

const meta = {
  title: 'Estructura/ResultsLayout',
  component: ResultsLayout,
  args: {
    title: 'Resultados de tu simulación',
    summary: (
      <Alert variant="success">
        <p className="font-semibold">
          Con los datos que nos has dado, puedes acogerte al Código de Buenas Prácticas de 2012.
        </p>
      </Alert>
    ),
    figures: (
      <>
        <Gauge label="Nueva cuota" unit="euros-month" value={271} max={1000} />
        <Gauge label="Carencia" unit="years" value={5} max={5} />
        <Gauge label="Interés carencia" unit="percent" value={2.17} max={3.25} />
      </>
    ),
    children: (
      <ResultsSection title="Antes de pedirlo">
        <p>El banco tiene como máximo 45 días para responder a tu solicitud.</p>
      </ResultsSection>
    ),
  },
  argTypes: {
    summary: { control: false },
    figures: { control: false },
    children: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component: `
The frame of a results screen (the calculator's "Resultados de tu simulación"): the heading, the verdict, the
key figures and then the named sections.

**Usage**
- \`title\` is the page's \`h1\`; pass \`headingRef\` to move focus to it when the results replace a form.
- \`summary\`: the verdict (an Alert); \`figures\`: up to three Gauges, one column on phones and a row from
  640 px; \`children\`: \`ResultsSection\`s, each an \`h2\` naming its region.

**Accessibility criteria**
- The heading can take focus from script (\`tabIndex=-1\`) but is not a Tab stop.
- Each part is a region named by its heading, so screen-reader users can jump between them.
- The figures are Gauges (\`role="meter"\` with the value in words).
`,
      },
    },
  },
} satisfies Meta<typeof ResultsLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithFigures: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1, name: 'Resultados de tu simulación' });
    await expect(heading).toHaveAttribute('tabindex', '-1');
    await expect(canvas.getAllByRole('meter')).toHaveLength(3);
    await expect(canvas.getByRole('region', { name: 'Antes de pedirlo' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Resultados de tu simulación' })).toBeVisible();
  },
};

export const WithoutFigures: Story = {
  args: {
    summary: (
      <Alert variant="warning">
        <p className="font-semibold">
          Con los datos que nos has dado, hoy no puedes acogerte al Código de Buenas Prácticas.
        </p>
      </Alert>
    ),
    figures: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('meter')).toHaveLength(0);
    await expect(canvas.getByText(/hoy no puedes acogerte/)).toBeVisible();
  },
};
