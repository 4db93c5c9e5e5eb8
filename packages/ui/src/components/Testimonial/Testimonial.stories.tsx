import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Testimonial } from './Testimonial';

const meta = {
  title: 'Componentes/Testimonial',
  component: Testimonial,
  args: {
    quote:
      'Me ayudaron a pedir la carencia al banco y ahora pago 400 euros menos al mes. Todo el proceso fue por internet y siempre sabía en qué punto estaba.',
    name: 'María G.',
    place: 'Valencia',
    rating: 5,
  },
  argTypes: {
    quote: { control: 'text' },
    rating: { control: { type: 'range', min: 0, max: 5, step: 1 } },
    ratingLabel: { control: false },
  },
  render: (args) => (
    <div className="max-w-md">
      <Testimonial {...args} />
    </div>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A client's words with who said them and where they live, and optionally a star rating. For the home page and
the plans page (several in a grid or a carousel).

**Usage**
- \`quote\`: the client's words without quotation marks (the quote icon marks them); \`name\` as the client
  agreed to show it ('María G.'); \`place\` optional.
- \`rating\` from 0 to \`ratingMax\` (5); rounded to whole stars. Leave it out when there is none.
- Put several in a list (\`<ul>\` with one \`<li>\` per testimonial) when showing a group.

**Accessibility criteria**
- A \`<figure>\` with the words in a \`<blockquote>\` and the author in its \`<figcaption>\`, so the quote and its
  author are read together.
- The stars are hidden from screen readers, which hear 'Valoración: 4 de 5' instead (\`ratingLabel\` changes the
  words). Filled and empty stars differ in shape, not only in colour.
- Text in \`surface-foreground\` on \`surface\`; the place in \`muted-foreground\` (at least 4.5:1).
- Long quotes wrap at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof Testimonial>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRating: Story = {
  args: { rating: 4 },
  play: async ({ canvas, canvasElement }) => {
    const figure = canvas.getByRole('figure');
    await expect(figure.querySelector('figcaption')).toHaveTextContent('María G., Valencia');
    await expect(canvas.getByText('Valoración: 4 de 5')).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('[data-filled]')).toHaveLength(4);
    await expect(canvasElement.querySelector('blockquote')).toHaveTextContent(
      /^Me ayudaron a pedir la carencia/,
    );
  },
};

export const WithoutRating: Story = {
  args: { rating: undefined, place: undefined, name: 'Antonio R.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure').querySelector('figcaption')).toHaveTextContent(
      /^Antonio R\.$/,
    );
    await expect(canvas.queryByText(/^Valoración/)).not.toBeInTheDocument();
  },
};

export const GroupMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => (
    <ul className="flex flex-col gap-4">
      <li>
        <Testimonial
          name="Lucía M."
          place="Alcalá de Henares"
          rating={5}
          quote="Estaba a punto de dejar de pagar la hipoteca. Con la reestructuración me han dado cinco años de carencia y he podido respirar."
        />
      </li>
      <li>
        <Testimonial
          name="José Antonio F."
          place="Santiago de Compostela"
          rating={3.6}
          quote="El banco tardó en contestar, pero me fueron avisando de cada paso."
        />
      </li>
    </ul>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('figure')).toHaveLength(2);
    await expect(canvas.getByText('Valoración: 4 de 5')).toBeInTheDocument();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
