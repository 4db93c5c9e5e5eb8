import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { Steps } from './Steps';

const homeSteps = [
  {
    title: 'Comprueba requisitos',
    description: 'Responde al simulador y sabrás en 5 minutos si puedes acogerte al Código.',
  },
  {
    title: 'Consigue tus documentos',
    description: 'En unos 5 minutos, con Cl@ve PIN y un código SMS.',
  },
  {
    title: 'Envía la solicitud al banco',
    description: 'Y sigue el progreso de tu caso desde tu área de cliente.',
  },
];

const meta = {
  title: 'Componentes/Steps',
  component: Steps,
  args: { steps: homeSteps },
  argTypes: { headingLevel: { control: 'inline-radio', options: [2, 3, 4] } },
  render: (args) => (
    <section aria-labelledby="como-funciona" className="flex flex-col gap-8">
      <h2 id="como-funciona" className="text-3xl font-bold">
        Cómo funciona
      </h2>
      <Steps {...args} />
    </section>
  ),
  parameters: {
    docs: {
      description: {
        component: `
The steps of a process as a numbered list, each with a short title and an optional description. On the home
page: (1) check requirements, (2) get documents in about 5 minutes with Cl@ve PIN and an SMS code, (3) send the
request to the bank and follow its progress. Not for a form's progress: use the Stepper for that.

**Usage**
- \`steps\`: \`{ title, description? }\` in order; keep titles short (two to five words) and put the detail in the
  description.
- \`headingLevel\` (default 3): the titles are headings under the section's own heading (an \`<h2>\` such as
  'Cómo funciona').

**Accessibility criteria**
- An \`<ol>\`: screen readers announce the list and the number of steps; the visible number is also read before
  each title, so the order survives where list semantics are dropped.
- Each title is a heading, so the steps can be reached from the headings list.
- Numbers in \`primary-foreground\` on \`primary\`, descriptions in \`muted-foreground\` (at least 4.5:1).
- One column at 375 px, side by side from 768 px.
`,
      },
    },
  },
} satisfies Meta<typeof Steps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[1]).toHaveTextContent(
      '2Consigue tus documentosEn unos 5 minutos, con Cl@ve PIN y un código SMS.',
    );
    await expect(canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Comprueba requisitos',
      'Consigue tus documentos',
      'Envía la solicitud al banco',
    ]);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    const [first, second] = canvas.getAllByRole('listitem');
    if (!first || !second) throw new Error('Two steps expected');
    await expect(second.getBoundingClientRect().top).toBeGreaterThan(
      first.getBoundingClientRect().bottom,
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const TitlesOnly: Story = {
  args: {
    steps: [
      { title: 'Calcula tu nueva cuota' },
      { title: 'Sube tus documentos' },
      { title: 'Elige tu plan' },
      { title: 'Revisa y envía tu expediente' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.getByRole('heading', { name: 'Elige tu plan' })).toBeVisible();
  },
};
