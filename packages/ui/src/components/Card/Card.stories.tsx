import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Button } from '../Button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './Card';

const meta = {
  title: 'Componentes/Card',
  component: Card,
  argTypes: {
    variant: { control: 'inline-radio', options: ['default', 'muted', 'highlighted'] },
  },
  decorators: [withWidth('max-w-md')],
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Tu cuota actual</CardTitle>
        <CardDescription>Según los datos que nos has dado.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums">650,50 €</p>
        <p className="text-muted-foreground">Esfuerzo hipotecario: 36,12 %</p>
      </CardContent>
    </Card>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A surface that groups one topic: a figure of the calculator, a fee plan, a document to upload. Built from
\`Card\`, \`CardHeader\`, \`CardTitle\`, \`CardDescription\`, \`CardContent\` and \`CardFooter\` (actions).

**Usage**
- \`variant="default"\` (surface with border) for most content; \`muted\` for secondary groups; \`highlighted\`
  for the one card that should stand out (the recommended plan).
- \`CardTitle\` is a real heading: choose \`level\` (2-6, default 3) so the page outline stays in order.
- \`asChild\` renders your element as the card: \`<Card asChild><article>…</article></Card>\`, or \`<li>\` in a list of cards.
- Money and percentages use es-ES format ("1.234,56 €", "36,12 %"); add \`tabular-nums\` to figures that change.

**Accessibility criteria**
- The card is not interactive itself: actions are buttons or links in \`CardFooter\`, each with its own name.
- Its heading gives screen-reader users a way to jump between cards.
- Text on every variant meets 4.5:1; the highlighted border is at least 3:1 against the page.
`,
      },
    },
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Tu cuota actual' })).toBeVisible();
  },
};

export const WithActions: Story = {
  render: (args) => (
    <Card {...args} asChild>
      <article aria-labelledby="plan-unico">
        <CardHeader>
          <CardTitle id="plan-unico" level={2}>
            Pago único
          </CardTitle>
          <CardDescription>Ahorras 490 € frente al pago fraccionado.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-3xl font-bold tabular-nums">999 €</p>
          <p>Si el banco rechaza la solicitud, te devolvemos el dinero.</p>
        </CardContent>
        <CardFooter>
          <Button>Elegir este plan</Button>
          <Button variant="link">Ver condiciones</Button>
        </CardFooter>
      </article>
    </Card>
  ),
  play: async ({ canvas, userEvent }) => {
    const article = canvas.getByRole('article', { name: 'Pago único' });
    await expect(article).toHaveAttribute('data-slot', 'card');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Elegir este plan' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Ver condiciones' })).toHaveFocus();
  },
};

export const Variants: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      {(['default', 'muted', 'highlighted'] as const).map((variant) => (
        <Card key={variant} variant={variant}>
          <CardHeader>
            <CardTitle>Pago fraccionado</CardTitle>
            <CardDescription>499 € al empezar y 10 cuotas mensuales de 99 €.</CardDescription>
          </CardHeader>
        </Card>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { name: 'Pago fraccionado' })).toHaveLength(3);
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>
          Certificado de titularidad y nota simple actualizada del Registro de la Propiedad
        </CardTitle>
        <CardDescription>
          Lo emite el Registro de la Propiedad donde está inscrita la vivienda. Puedes pedirlo por
          internet; suele llegar en uno o dos días laborables.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="outline" className="w-full">
          Subir el certificado de titularidad
        </Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  render: Variants.render,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { name: 'Pago fraccionado' })).toHaveLength(3);
  },
};
