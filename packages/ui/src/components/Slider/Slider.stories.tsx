import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Slider } from './Slider';

/**
 * Moves the slider as the browser does when it is dragged or its arrow, Home and End keys are
 * pressed: a new value and an `input` event. Storybook's `userEvent` only imitates keys in script,
 * which cannot move a native range input, so Slider.test.tsx presses those keys for real; Page Up
 * and Page Down are the component's own and are pressed here.
 */
async function moveSlider(slider: HTMLElement, value: string) {
  await fireEvent.input(slider, { target: { value } });
}

const years = (value: number) => (value === 1 ? '1 año' : `${value} años`);
const extraYears = (value: number) =>
  value === 0 ? 'Sin años adicionales' : `${years(value)} más`;

const meta = {
  title: 'Formularios/Slider',
  component: Slider,
  args: {
    label: 'Años adicionales',
    min: 0,
    max: 10,
    step: 1,
    defaultValue: 3,
    unit: 'años',
    formatValue: years,
    getValueText: extraYears,
    onValueChange: fn(),
  },
  decorators: [withWidth('max-w-md')],
  parameters: {
    docs: {
      description: {
        component: `
Picks a number in a range by dragging, with a text box bound to the same value for whoever cannot or would
rather not drag. Used in "Calcular cuota después de la carencia" for the extra years (0 to 10).

**Usage**
- \`label\` names both controls; \`hint\` explains the effect. \`min\`, \`max\` and \`step\` set the range.
- \`formatValue\` writes the ends under the track ("0 años", "10 años"); \`getValueText\` says the value in
  words to screen readers ("3 años más"). Write singulars ("1 año") yourself.
- \`unit\` is shown after the box ("años"); \`typedLabel\` (default "En cifras") labels the box.
- \`onValueChange\` gets the number on every change, from either control; control it with \`value\`.
  \`id\` and \`name\` go on the range input (\`name\` sends the value with a native form).
- Typed text is read the Spanish way ("2,5"). A whole value in range moves the slider at once; other text
  is settled on Enter or when leaving the box: rounded to the nearest step, or, outside the range,
  refused with "Escribe un número entre 0 y 10." (\`rangeError\` to change it) while the slider keeps the
  last valid value.

**Accessibility criteria**
- Nothing needs dragging (WCAG 2.5.7): the text box sets any value.
- The slider is the browser's own \`<input type="range">\` (role \`slider\`), named by the label, with
  \`aria-valuetext\` in words and the hint and the range ("Desde 0 años hasta 10 años") as its description.
- Keyboard: ← ↓ and → ↑ move one step, Page Down / Page Up ten steps, Home and End to the ends. It can also
  be dragged, or tapped or clicked anywhere along the track.
- The box is named "Años adicionales En cifras"; an invalid entry sets \`aria-invalid\` and is described by
  the error, which starts with a hidden "Error:".
- Thumb 28 px on a 44 px high input that takes taps along its whole width; keyboard focus draws the 3 px
  focus outline around the thumb. Disabled turns both controls off.
`,
      },
    },
  },
} satisfies Meta<typeof Slider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ExtraYears: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const slider = canvas.getByRole('slider', { name: 'Años adicionales' });
    const box = canvas.getByRole('textbox', { name: 'Años adicionales En cifras' });
    await expect(slider).toHaveAttribute('aria-valuetext', '3 años más');
    await expect(slider).toHaveAccessibleDescription('Desde 0 años hasta 10 años');
    await expect(canvas.getByText('0 años')).toBeVisible();
    await expect(canvas.getByText('10 años')).toBeVisible();

    await userEvent.tab();
    await expect(slider).toHaveFocus();
    await moveSlider(slider, '4');
    await expect(slider).toHaveValue('4');
    await expect(box).toHaveValue('4');
    await moveSlider(slider, '1');
    await expect(slider).toHaveAttribute('aria-valuetext', '1 año más');
    await moveSlider(slider, '0');
    await expect(slider).toHaveAttribute('aria-valuetext', 'Sin años adicionales');
    await moveSlider(slider, '10');
    await expect(box).toHaveValue('10');
    await userEvent.keyboard('{PageDown}');
    await expect(slider).toHaveValue('0');
    await userEvent.keyboard('{PageUp}');
    await expect(slider).toHaveValue('10');
    await moveSlider(slider, '5');
    await expect(box).toHaveValue('5');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(5);
  },
};

export const TypedAlternative: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const slider = canvas.getByRole('slider', { name: 'Años adicionales' });
    const box = canvas.getByRole('textbox', { name: 'Años adicionales En cifras' });

    await userEvent.tab();
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.clear(box);
    await userEvent.keyboard('7');
    await expect(slider).toHaveValue('7');
    await expect(slider).toHaveAttribute('aria-valuetext', '7 años más');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(7);

    // A value between steps is rounded to the nearest one on Enter: 2,6 → 3.
    await userEvent.clear(box);
    await userEvent.keyboard('2,6{Enter}');
    await expect(box).toHaveValue('3');
    await expect(slider).toHaveValue('3');

    // Out of range: refused with a message, the slider keeps the last valid value.
    await userEvent.clear(box);
    await userEvent.keyboard('12');
    await userEvent.tab({ shift: true });
    await expect(box).toBeInvalid();
    await expect(box).toHaveAccessibleDescription('Error: Escribe un número entre 0 y 10.');
    await expect(slider).toHaveValue('3');
    await expect(slider).toHaveFocus();

    // Moving the slider replaces the wrong text and clears the error.
    await moveSlider(slider, '4');
    await expect(box).toHaveValue('4');
    await expect(box).toBeValid();
    await userEvent.clear(box);
    await userEvent.keyboard('diez');
    await userEvent.tab({ shift: true });
    await expect(box).toBeInvalid();
  },
};

export const WithHintMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    label: 'Calcular cuota después de la carencia',
    hint: 'Añade años al plazo de tu hipoteca para ver cómo bajaría la cuota cuando termine la carencia.',
    defaultValue: 0,
  },
  play: async ({ canvas, canvasElement }) => {
    const slider = canvas.getByRole('slider', { name: 'Calcular cuota después de la carencia' });
    await expect(slider).toHaveAccessibleDescription(
      'Añade años al plazo de tu hipoteca para ver cómo bajaría la cuota cuando termine la carencia. Desde 0 años hasta 10 años',
    );
    await expect(canvas.getByRole('group', { name: 'Calcular cuota después de la carencia' })).toBe(
      canvasElement.querySelector('[data-slot="slider-field"]'),
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, userEvent }) => {
    const slider = canvas.getByRole('slider', { name: 'Años adicionales' });
    await expect(slider).toBeDisabled();
    await expect(
      canvas.getByRole('textbox', { name: 'Años adicionales En cifras' }),
    ).toBeDisabled();
    await userEvent.tab();
    await expect(document.activeElement).toBe(document.body);
  },
};

export const DecimalStep: Story = {
  args: {
    label: 'Tipo de interés',
    min: 0,
    max: 5,
    step: 0.25,
    defaultValue: 2.5,
    unit: '%',
    formatValue: (value: number) =>
      `${value.toLocaleString('es-ES', { minimumFractionDigits: 2 })}\u00a0%`,
    getValueText: (value: number) =>
      `${value.toLocaleString('es-ES', { minimumFractionDigits: 2 })} por ciento`,
  },
  play: async ({ canvas, userEvent }) => {
    const slider = canvas.getByRole('slider', { name: 'Tipo de interés' });
    const box = canvas.getByRole('textbox', { name: 'Tipo de interés En cifras' });
    await expect(box).toHaveValue('2,50');
    await expect(box).toHaveAttribute('inputmode', 'decimal');
    await moveSlider(slider, '2.75');
    await expect(slider).toHaveAttribute('aria-valuetext', '2,75 por ciento');
    await expect(box).toHaveValue('2,75');
    await userEvent.clear(box);
    await userEvent.type(box, '1,1{Enter}');
    // 1,1 lies between the steps 1,00 and 1,25 and is nearer 1,00.
    await expect(box).toHaveValue('1,00');
    await expect(slider).toHaveValue('1');
  },
};
