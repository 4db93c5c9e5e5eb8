import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect, fn } from 'storybook/test';

import { Button } from '../Button';
import { YesNoQuestion } from './YesNoQuestion';

const meta = {
  title: 'Formularios/YesNoQuestion',
  component: YesNoQuestion,
  args: {
    question: '¿Es la vivienda hipotecada tu vivienda habitual?',
    onAnswer: fn(),
  },
  argTypes: {
    question: { control: 'text' },
    hint: { control: 'text' },
    value: { control: 'inline-radio', options: [null, true, false] },
    headingLevel: { control: 'inline-radio', options: [1, 2, 3] },
  },
  parameters: {
    docs: {
      description: {
        component: `
A question answered with "Sí" or "No" that moves the form on as soon as it is answered: the first steps of the
simulator (price up to 300.000 €, main home, signed before 31 December 2022). One question per page, GOV.UK style.

**Usage**
- \`question\` is the page heading (\`headingLevel\` 1 by default); \`hint\` adds an explanation under it.
- \`onAnswer(true | false)\` is called at once: store the answer and show the next question. There is no
  "Siguiente" button.
- Pass the stored answer back as \`value\` when the person returns with "Atrás": that button shows pressed.
- When the question changes, move the focus to the new heading through \`headingRef\` (it has \`tabIndex={-1}\`),
  so screen readers read the new question and Tab continues from it.
- \`yesLabel\`/\`noLabel\` change the texts ("Sí"/"No").

**Accessibility criteria**
- A \`fieldset\` whose \`legend\` holds the heading, so the two buttons are read as answers to the question.
- Two native buttons, reached with Tab and pressed with Enter or Space; the earlier answer has \`aria-pressed="true"\`,
  a solid fill and a check mark (never colour alone).
- The heading takes focus programmatically only (\`tabIndex={-1}\`), without an outline, since it cannot be operated.
- Buttons are at least 52 px high and 128 px wide; they wrap onto a new line when they do not fit.
`,
      },
    },
  },
} satisfies Meta<typeof YesNoQuestion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unanswered: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const group = canvas.getByRole('group', {
      name: '¿Es la vivienda hipotecada tu vivienda habitual?',
    });
    await expect(group).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveAttribute('tabindex', '-1');
    const yes = canvas.getByRole('button', { name: 'Sí' });
    const no = canvas.getByRole('button', { name: 'No' });
    await expect(yes).toHaveAttribute('aria-pressed', 'false');
    await expect(no).toHaveAttribute('aria-pressed', 'false');

    await userEvent.tab();
    await expect(yes).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith(true);

    await userEvent.tab();
    await expect(no).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onAnswer).toHaveBeenLastCalledWith(false);
    await expect(args.onAnswer).toHaveBeenCalledTimes(2);
  },
};

export const Answered: Story = {
  args: {
    question: '¿El precio de compra de la vivienda fue de 300.000 € o menos?',
    hint: 'El precio que figura en la escritura de compraventa, sin impuestos ni gastos.',
    value: false,
  },
  parameters: {
    docs: {
      description: {
        story: 'Coming back to a question already answered: "No" shows pressed.',
      },
    },
  },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', {
      name: '¿El precio de compra de la vivienda fue de 300.000 € o menos?',
    });
    await expect(group).toHaveAccessibleDescription(
      'El precio que figura en la escritura de compraventa, sin impuestos ni gastos.',
    );
    await expect(canvas.getByRole('button', { name: 'No', pressed: true })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sí', pressed: false })).toBeVisible();
  },
};

const simulatorQuestions = [
  '¿El precio de compra de la vivienda fue de 300.000 € o menos?',
  '¿Es la vivienda hipotecada tu vivienda habitual?',
  '¿Firmaste la hipoteca antes del 31 de diciembre de 2022?',
] as const;

function SimulatorQuestions() {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<(boolean | null)[]>(simulatorQuestions.map(() => null));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // On the first question the page has just loaded: the focus stays where the browser put it.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const done = step >= simulatorQuestions.length;
  return (
    <div className="flex max-w-xl flex-col items-start gap-6">
      {step > 0 ? (
        <Button
          variant="link"
          onClick={() => {
            setStep(step - 1);
          }}
        >
          Atrás
        </Button>
      ) : null}
      <p className="text-muted-foreground">
        Paso {Math.min(step + 1, simulatorQuestions.length)} de {simulatorQuestions.length}
      </p>
      {done ? (
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold outline-none">
          Preguntas respondidas
        </h1>
      ) : (
        <YesNoQuestion
          key={step}
          question={simulatorQuestions[step]}
          value={answers[step]}
          headingRef={headingRef}
          onAnswer={(answer) => {
            setAnswers(answers.map((previous, index) => (index === step ? answer : previous)));
            setStep(step + 1);
          }}
        />
      )}
    </div>
  );
}

export const AnsweringAdvances: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'The simulator’s first step: each answer shows the next question at once and focuses its heading; "Atrás" goes back with the earlier answer pressed.',
      },
    },
  },
  render: () => <SimulatorQuestions />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Sí' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const second = canvas.getByRole('heading', { level: 1 });
    await expect(second).toHaveTextContent('¿Es la vivienda hipotecada tu vivienda habitual?');
    await expect(second).toHaveFocus();
    await expect(canvas.getByText('Paso 2 de 3')).toBeVisible();

    // From the focused heading, Tab goes on to the answers.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Sí' })).toHaveFocus();

    await userEvent.click(canvas.getByRole('button', { name: 'Atrás' }));
    const first = canvas.getByRole('heading', { level: 1 });
    await expect(first).toHaveTextContent(
      '¿El precio de compra de la vivienda fue de 300.000 € o menos?',
    );
    await expect(first).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Sí' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

export const LongTextOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    question:
      '¿Firmaste la escritura de la hipoteca sobre tu vivienda habitual antes del 31 de diciembre de 2022?',
    hint: 'Es la fecha que aparece en la primera página de la escritura del préstamo hipotecario, ante notario.',
    value: true,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Sí', pressed: true })).toBeVisible();
    for (const button of canvas.getAllByRole('button')) {
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
