import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';

import { SummaryList } from './SummaryList';

const change = fn();

const meta = {
  title: 'Componentes/SummaryList',
  component: SummaryList,
  args: {
    'aria-label': 'Tus respuestas',
    rows: [
      {
        key: 'Banco',
        value: 'Banco Santander',
        action: { label: 'Cambiar', visuallyHiddenContext: 'banco', onClick: change },
      },
      {
        key: 'Capital pendiente',
        value: '120.000,00 €',
        action: { label: 'Cambiar', visuallyHiddenContext: 'capital pendiente', onClick: change },
      },
      {
        key: 'Plazo restante',
        value: '20 años',
        action: { label: 'Cambiar', visuallyHiddenContext: 'plazo restante', onClick: change },
      },
      {
        key: 'Tipo de interés',
        value: '3,25 %',
        action: { label: 'Cambiar', visuallyHiddenContext: 'tipo de interés', onClick: change },
      },
    ],
  },
  parameters: {
    docs: {
      description: {
        component: `
Answers a person gave, one row each (GOV.UK summary list): "Tus respuestas" of the calculator's results,
and the review of a case file before it is sent.

**Usage**
- \`rows\`: \`{ key, value, action? }\`; the action is \`{ label, visuallyHiddenContext?, href? | onClick? }\`.
  With \`href\` it is a link (rendered by \`renderLink\`), with \`onClick\` a button.
- Format values before passing them (money and dates es-ES): the list shows what it is given.

**Accessibility criteria**
- A description list (\`dl\`, \`dt\`, \`dd\`): screen readers read each answer with its question.
- Each action's name includes what it changes ("Cambiar capital pendiente") through hidden text, so a list
  of links or buttons is not a column of identical "Cambiar".
- Stacked on phones, three columns from 640 px; long values wrap.
`,
      },
    },
  },
} satisfies Meta<typeof SummaryList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithActions: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Banco',
      'Capital pendiente',
      'Plazo restante',
      'Tipo de interés',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Cambiar capital pendiente' }));
    await expect(change).toHaveBeenCalledTimes(1);
  },
};

export const WithoutActions: Story = {
  args: {
    rows: [
      { key: 'Discapacidad', value: 'No' },
      { key: 'Deudor mayor de 60 años', value: 'Sí' },
      {
        key: 'Banco',
        value: 'Caja Rural de Castilla-La Mancha, Sociedad Cooperativa de Crédito',
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'No',
      'Sí',
      'Caja Rural de Castilla-La Mancha, Sociedad Cooperativa de Crédito',
    ]);
  },
};
