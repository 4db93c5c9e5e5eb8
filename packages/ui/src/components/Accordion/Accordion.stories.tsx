import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './Accordion';

const faq: readonly { question: string; answer: string }[] = [
  {
    question: '¿Qué es el Código de Buenas Prácticas?',
    answer:
      'Es un conjunto de medidas que los bancos adheridos se comprometen a aplicar a quienes tienen dificultades para pagar la hipoteca de su vivienda habitual. Lo regula el Real Decreto-ley 6/2012, reformado por el Real Decreto-ley 19/2022.',
  },
  {
    question: '¿Mi banco está obligado a aplicarlo?',
    answer:
      'Sí, si está adherido al código. La lista de entidades adheridas es pública y en ella figuran la mayoría de los bancos que conceden hipotecas en España.',
  },
  {
    question: '¿Qué requisitos tengo que cumplir?',
    answer:
      'La hipoteca debe recaer sobre tu vivienda habitual y estar firmada hasta el 31 de diciembre de 2022, el precio de compra no puede superar los 300.000\u00a0€, los ingresos de la unidad familiar deben quedar por debajo del límite que corresponda a tu situación y la cuota tiene que superar el 30\u00a0% de esos ingresos.',
  },
  {
    question: '¿Qué soluciones ofrece?',
    answer:
      'Según tu caso: un periodo de carencia en el que solo pagas intereses, una ampliación del plazo de hasta siete años, una rebaja del tipo de interés durante la carencia o el paso a un tipo fijo.',
  },
  {
    question: '¿Qué es exactamente la carencia?',
    answer:
      'Es un periodo durante el que no devuelves capital: la cuota cubre solo los intereses y por eso baja. Al terminar, vuelves a pagar capital e intereses durante el resto del plazo.',
  },
  {
    question: '¿Qué documentación necesito?',
    answer:
      'El DNI o NIE de todos los miembros de la unidad familiar, el certificado de empadronamiento, el libro de familia, las nóminas o la declaración de la renta, la escritura de la hipoteca y los últimos recibos.',
  },
  {
    question: '¿Hasta cuándo puedo solicitarlo?',
    answer:
      'El plazo de solicitud se ha ampliado en varias ocasiones. Cuando revisemos tu caso te confirmaremos el plazo vigente y presentaremos la solicitud a tiempo.',
  },
  {
    question: '¿Quién forma parte de la unidad familiar?',
    answer:
      'El deudor, su cónyuge no separado legalmente o su pareja de hecho inscrita y los hijos que vivan en la vivienda, con independencia de su edad.',
  },
  {
    question: '¿Cómo se presenta la solicitud?',
    answer:
      'Por escrito ante tu banco, con la documentación que acredita tu situación. Nosotros la preparamos, la revisamos contigo y la presentamos en tu nombre.',
  },
  {
    question: '¿Puedo solicitarlo si ya lo pedí antes?',
    answer:
      'Las medidas solo pueden solicitarse una vez por hipoteca. Si tu banco rechazó una solicitud anterior, revisaremos si el rechazo estaba justificado y si tu situación ha cambiado.',
  },
  {
    question: '¿Cuánto tarda el banco en responder?',
    answer:
      'El banco dispone de un máximo de 45 días para responder a tu solicitud. Te avisaremos en cuanto recibamos su respuesta.',
  },
  {
    question: '¿Qué obligaciones tiene el banco?',
    answer:
      'Debe informarte de la existencia del código, estudiar tu solicitud y aplicar las medidas si cumples los requisitos, sin cobrarte comisiones por la modificación de la hipoteca.',
  },
  {
    question: '¿Quién paga los impuestos y los gastos?',
    answer:
      'Las escrituras de novación acogidas al código están exentas del impuesto de actos jurídicos documentados y los aranceles de notaría y registro están bonificados.',
  },
  {
    question: '¿Y si tengo avalistas?',
    answer:
      'Los avalistas no son titulares de la hipoteca. Pueden pedir al banco que agote primero el patrimonio del deudor principal antes de reclamarles la deuda.',
  },
];

const resultsFaq: readonly { question: string; answer: string }[] = [
  {
    question: '¿Durante la carencia solo pago intereses?',
    answer:
      'Sí. Mientras dura la carencia no devuelves capital, por eso la cuota baja. El capital pendiente sigue siendo el mismo al terminar.',
  },
  {
    question: '¿Pagaré más intereses en total?',
    answer:
      'Sí. Al aplazar la devolución del capital, los intereses se calculan durante más tiempo, así que el coste total de la hipoteca aumenta.',
  },
  {
    question: '¿Es obligatorio ampliar el plazo?',
    answer: 'No. La ampliación del plazo es opcional y puedes renunciar a ella.',
  },
];

const meta = {
  title: 'Componentes/Accordion',
  component: Accordion,
  args: { type: 'single', variant: 'lines', headingLevel: 3 },
  argTypes: {
    variant: { control: 'inline-radio', options: ['lines', 'cards'] },
    headingLevel: { control: 'select', options: [2, 3, 4, 5, 6] },
  },
  render: (args) => (
    <Accordion {...args} className="max-w-3xl">
      {faq.map(({ question, answer }) => (
        <AccordionItem key={question} value={question}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>
            <p>{answer}</p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  ),
  parameters: {
    docs: {
      description: {
        component: `
Sections that open and close under their headings: the FAQ, the legal notice, the general terms, the
calculator's results. Built from \`Accordion\`, \`AccordionItem\`, \`AccordionTrigger\` and \`AccordionContent\`.

**Usage**
- \`type="single"\` for the public FAQ: one item open at a time, and pressing the open one closes it
  (\`collapsible\` is on by default; \`collapsible={false}\` keeps one always open).
- \`type="multiple"\` where items are independent (the calculator's results FAQ).
- \`headingLevel\` (2 to 6, default 3) makes each trigger a heading that fits the page's outline; an item
  can override it with its own \`headingLevel\`.
- \`variant="lines"\` for long lists of questions; \`variant="cards"\` for a few boxed sections.
- Every item needs a unique \`value\`; \`onValueChange\` tells the page which items are open (e.g. to show
  the floating "Acógete ahora" bar once any item has been opened).

**Accessibility criteria**
- Each trigger is a \`<button>\` inside a heading (\`h2\`–\`h6\`), with \`aria-expanded\` and \`aria-controls\`; the
  open panel is a \`region\` named by its question.
- Keyboard: Tab reaches each trigger; Enter and Space open and close; ↓ and ↑ move between triggers,
  Home and End go to the first and last.
- Closed panels stay in the HTML, hidden (\`hidden="until-found"\` once the page runs): their text is
  not read and their links are not reached by Tab, search engines index it, and the browser's
  find-in-page finds it and opens the item.
- The chevron is decorative (hidden from screen readers) and turns when the item is open; the state is
  never told by the icon alone.
- Triggers are at least 44 px high and their text wraps at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SingleOpenFaq: Story = {
  args: { onValueChange: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(14);
    const first = canvas.getByRole('button', { name: '¿Qué es el Código de Buenas Prácticas?' });
    const second = canvas.getByRole('button', { name: '¿Mi banco está obligado a aplicarlo?' });
    const last = canvas.getByRole('button', { name: '¿Y si tengo avalistas?' });

    await userEvent.tab();
    await expect(first).toHaveFocus();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(
      canvas.getByRole('region', { name: '¿Qué es el Código de Buenas Prácticas?' }),
    ).toHaveTextContent(/Real Decreto-ley 6\/2012/);
    // A closed answer is on the page, hidden, and left for find-in-page to reveal.
    const closedAnswer = canvas.getByText(/La lista de entidades adheridas es pública/);
    await expect(closedAnswer).not.toBeVisible();
    await expect(closedAnswer.closest('[hidden]')).toHaveAttribute('hidden', 'until-found');

    // Opening another item closes the first one.
    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getAllByRole('region')).toHaveLength(1);

    // Pressing the open item again closes it.
    await userEvent.keyboard('{Enter}');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryAllByRole('region')).toHaveLength(0);
    await expect(args.onValueChange).toHaveBeenLastCalledWith('');

    await userEvent.keyboard('{End}');
    await expect(last).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(last).toHaveFocus();

    await userEvent.click(canvas.getByRole('button', { name: '¿Qué soluciones ofrece?' }));
    await expect(canvas.getByRole('region', { name: '¿Qué soluciones ofrece?' })).toBeVisible();
  },
};

export const IndependentItems: Story = {
  args: { type: 'multiple', onValueChange: fn() },
  render: (args) => (
    <Accordion {...args} className="max-w-3xl">
      {resultsFaq.map(({ question, answer }) => (
        <AccordionItem key={question} value={question}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>
            <p>{answer}</p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  ),
  play: async ({ args, canvas, userEvent }) => {
    const interest = canvas.getByRole('button', {
      name: '¿Durante la carencia solo pago intereses?',
    });
    const total = canvas.getByRole('button', { name: '¿Pagaré más intereses en total?' });
    const optional = canvas.getByRole('button', { name: '¿Es obligatorio ampliar el plazo?' });

    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await expect(interest).toHaveAttribute('aria-expanded', 'true');
    await expect(total).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onValueChange).toHaveBeenLastCalledWith([
      '¿Durante la carencia solo pago intereses?',
      '¿Pagaré más intereses en total?',
    ]);

    await userEvent.keyboard('{End}');
    await expect(optional).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Home}');
    await userEvent.keyboard('{Enter}');
    await expect(interest).toHaveAttribute('aria-expanded', 'false');
    await expect(total).toHaveAttribute('aria-expanded', 'true');
    await expect(optional).toHaveAttribute('aria-expanded', 'true');
  },
};

export const CardsWithHeadingLevel: Story = {
  args: { type: 'single', variant: 'cards', headingLevel: 2, defaultValue: 'partes' },
  render: (args) => (
    <Accordion {...args} className="max-w-3xl">
      <AccordionItem value="partes">
        <AccordionTrigger>Partes del contrato</AccordionTrigger>
        <AccordionContent>
          <p>
            El despacho y la persona que contrata el servicio, identificada con los datos que
            figuran en el formulario de alta.
          </p>
        </AccordionContent>
      </AccordionItem>
      <AccordionItem value="desistimiento">
        <AccordionTrigger>Derecho de desistimiento de 14 días</AccordionTrigger>
        <AccordionContent>
          <p>Puedes desistir del contrato durante los 14 días naturales siguientes a su firma.</p>
        </AccordionContent>
      </AccordionItem>
      <AccordionItem value="jurisdiccion" disabled>
        <AccordionTrigger>Jurisdicción (en revisión)</AccordionTrigger>
        <AccordionContent>
          <p>Este apartado se publicará próximamente.</p>
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  ),
  play: async ({ canvas, userEvent }) => {
    const headings = canvas.getAllByRole('heading', { level: 2 });
    await expect(headings.map((heading) => heading.textContent)).toEqual([
      'Partes del contrato',
      'Derecho de desistimiento de 14 días',
      'Jurisdicción (en revisión)',
    ]);
    await expect(canvas.getByRole('region', { name: 'Partes del contrato' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Jurisdicción (en revisión)' })).toBeDisabled();

    await userEvent.tab();
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: 'Derecho de desistimiento de 14 días' }),
    ).toHaveFocus();
    // The disabled item is skipped by Tab.
    await userEvent.tab();
    await expect(document.activeElement).toBe(document.body);
  },
};

export const LongTextMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { type: 'single', defaultValue: faq[2]?.question },
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('button', { name: '¿Qué requisitos tengo que cumplir?' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger.scrollWidth).toBeLessThanOrEqual(trigger.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    for (const button of canvas.getAllByRole('button')) {
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  args: { type: 'multiple', variant: 'cards', defaultValue: [resultsFaq[0]?.question ?? ''] },
  render: IndependentItems.render,
  play: async ({ canvas, userEvent }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(
      canvas.getByRole('region', { name: '¿Durante la carencia solo pago intereses?' }),
    ).toBeVisible();

    // A click opens an item and a second click closes it; the item open before stays open.
    const total = canvas.getByRole('button', { name: '¿Pagaré más intereses en total?' });
    await userEvent.click(total);
    await expect(total).toHaveAttribute('aria-expanded', 'true');
    await expect(
      canvas.getByRole('region', { name: '¿Pagaré más intereses en total?' }),
    ).toBeVisible();
    await userEvent.click(total);
    await expect(total).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('region', { name: '¿Pagaré más intereses en total?' })).toBe(
      null,
    );
    await expect(
      canvas.getByRole('region', { name: '¿Durante la carencia solo pago intereses?' }),
    ).toBeVisible();
    // The screenshot shows the theme at rest, without the focus ring.
    total.blur();
  },
};

export const RevealedByTheBrowser: Story = {
  args: { type: 'multiple', onValueChange: fn() },
  // The same picture as IndependentItems with its last item open.
  parameters: { screenshot: { disable: true } },
  render: (args) => (
    <Accordion {...args} className="max-w-3xl">
      {resultsFaq.map(({ question, answer }, index) => (
        <AccordionItem key={question} value={question}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>
            <p id={`respuesta-${String(index)}`}>{answer}</p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  ),
  play: async ({ args, canvas }) => {
    const question = canvas.getByRole('button', { name: '¿Es obligatorio ampliar el plazo?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    // Going to an anchor inside a closed panel reveals it as find-in-page does, and opens the item.
    window.location.hash = '#respuesta-2';
    await waitFor(() => expect(question).toHaveAttribute('aria-expanded', 'true'));
    await expect(
      canvas.getByRole('region', { name: '¿Es obligatorio ampliar el plazo?' }),
    ).toHaveTextContent('La ampliación del plazo es opcional');
    await expect(args.onValueChange).toHaveBeenLastCalledWith([
      '¿Es obligatorio ampliar el plazo?',
    ]);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
  },
};
