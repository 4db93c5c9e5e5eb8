import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';

import { FloatingActionBar } from './FloatingActionBar';

const faq = [
  {
    question: '¿Qué pago durante la carencia?',
    answer: 'Durante la carencia solo pagas intereses, por eso la cuota baja.',
  },
  {
    question: '¿Pagaré más intereses en total?',
    answer:
      'Sí. Al aplazar la devolución del capital, el total de intereses que pagas a lo largo del préstamo es mayor.',
  },
  {
    question: '¿Estoy obligado a ampliar el plazo?',
    answer: 'No. Ampliar el plazo de la hipoteca es opcional.',
  },
];

/** The results page around the bar: it appears once any FAQ item has been opened (spec 02, 2.2). */
function ResultsPage({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [openItem, setOpenItem] = useState<number | null>(initiallyOpen ? 0 : null);
  const [opened, setOpened] = useState(initiallyOpen);
  return (
    // While the bar is open the page keeps room for it at the bottom.
    <main className={opened ? 'pb-36 sm:pb-24' : undefined}>
      <h1 className="mb-4 text-2xl font-bold">Resultados de tu simulación</h1>
      <div className="flex flex-col gap-3">
        {faq.map(({ question, answer }, index) => (
          <div key={question} className="rounded-md border-2 border-border bg-surface p-4">
            <h2>
              <button
                type="button"
                aria-expanded={openItem === index}
                aria-controls={`respuesta-${String(index)}`}
                className="w-full cursor-pointer text-start font-semibold"
                onClick={() => {
                  setOpenItem(openItem === index ? null : index);
                  setOpened(true);
                }}
              >
                {question}
              </button>
            </h2>
            <p id={`respuesta-${String(index)}`} hidden={openItem !== index} className="mt-2">
              {answer}
            </p>
          </div>
        ))}
      </div>
      <p data-testid="last-paragraph" className="mt-6">
        El banco tiene como máximo 45 días para responder y las medidas solo se pueden solicitar una
        vez por hipoteca.
      </p>
      <FloatingActionBar open={opened}>
        <a href="#obtener-documentos">Empezar ahora</a>
      </FloatingActionBar>
    </main>
  );
}

const meta = {
  title: 'Componentes/FloatingActionBar',
  component: FloatingActionBar,
  args: { children: <a href="#obtener-documentos">Empezar ahora</a> },
  argTypes: {
    open: { control: 'boolean' },
    message: { control: 'text' },
    children: { control: false },
  },
  parameters: {
    screenshot: { scope: 'page' },
    docs: {
      description: {
        component: `
A bar fixed to the bottom of the window with a message and one action. On the calculator's results it says
"Acógete ahora y baja la cuota de tu hipoteca" and leads to /app/obtener-documentos, once the person has opened any
FAQ item.

**Usage**
- Pass the action as the only child, usually the router's link: \`<FloatingActionBar open={opened}><Link
  to="/app/obtener-documentos">Empezar ahora</Link></FloatingActionBar>\`. It gets the large primary button's look and
  keeps link semantics.
- \`open\` shows and hides it; it slides up when it appears.
- **Leave room for it.** While it is open, give the page bottom padding at least as tall as the bar (\`pb-36\` on
  phones, where message and action stack, and \`sm:pb-24\` above), or the end of the page stays hidden under it.
- Render it after the content it follows (here, after the FAQ), so its place in the tab order matches the reading order.
- One bar per page; it is not a substitute for the page's own main action.

**Accessibility criteria**
- A region landmark named by its message, so screen-reader users can find it in the landmarks list.
- It appears without taking focus or announcing itself: it is an offer, not an alert.
- The slide-in is off for people who ask for reduced motion (\`prefers-reduced-motion\`); the bar then simply appears.
- The action is at least 52 px high; the message wraps and the action takes the full width at 375 px.
- The bar respects the phone's safe area at the bottom (the home indicator).
`,
      },
    },
  },
} satisfies Meta<typeof FloatingActionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AppearsAfterFaq: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'Open an FAQ item: the bar appears, and the end of the page can still be read above it.',
      },
    },
  },
  render: () => <ResultsPage />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('region')).toBeNull();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    const bar = await canvas.findByRole('region', {
      name: 'Acógete ahora y baja la cuota de tu hipoteca',
    });
    const link = canvas.getByRole('link', { name: 'Empezar ahora' });
    await expect(link).toHaveAttribute('href', '#obtener-documentos');
    // The bar does not take focus when it appears; it is next in the tab order.
    await expect(link).not.toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(link).toHaveFocus();

    window.scrollTo(0, document.documentElement.scrollHeight);
    const lastParagraph = canvas.getByTestId('last-paragraph');
    await expect(lastParagraph.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      bar.getBoundingClientRect().top,
    );
  },
};

export const OnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => <ResultsPage initiallyOpen />,
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('region', {
      name: 'Acógete ahora y baja la cuota de tu hipoteca',
    });
    const link = canvas.getByRole('link', { name: 'Empezar ahora' });
    await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(bar.getBoundingClientRect().bottom).toBe(window.innerHeight);
    window.scrollTo(0, document.documentElement.scrollHeight);
    await expect(
      canvas.getByTestId('last-paragraph').getBoundingClientRect().bottom,
    ).toBeLessThanOrEqual(bar.getBoundingClientRect().top);
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  args: { message: 'Reclama los gastos de tu hipoteca' },
  render: (args) => (
    <FloatingActionBar {...args}>
      <a href="#reclamar">Reclamar ahora</a>
    </FloatingActionBar>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(
      canvas.getByRole('region', { name: 'Reclama los gastos de tu hipoteca' }),
    ).toBeVisible();
  },
};
