import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { Slider } from './Slider';

const years = (value: number) => (value === 1 ? '1 año' : `${value} años`);
const extraYears = (value: number) =>
  value === 0 ? 'Sin años adicionales' : `${years(value)} más`;

/**
 * The keys here are the browser's own (Vitest presses them through Playwright): the stories'
 * `userEvent` only imitates keys in script, and a native range input does not move for those.
 */
describe('Slider', () => {
  it('moves with the keyboard: arrows one step, Page Up and Page Down ten, Home and End to the ends', async () => {
    const onValueChange = vi.fn();
    const screen = await render(
      <Slider
        label="Años adicionales"
        min={0}
        max={10}
        defaultValue={3}
        unit="años"
        formatValue={years}
        getValueText={extraYears}
        onValueChange={onValueChange}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Años adicionales' });
    const box = screen.getByRole('textbox', { name: 'Años adicionales En cifras' });

    await userEvent.tab();
    await expect.element(slider).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(slider).toHaveValue('4');
    await expect.element(box).toHaveValue('4');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect.element(slider).toHaveAttribute('aria-valuetext', '1 año más');
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(slider).toHaveValue('2');
    await userEvent.keyboard('{Home}');
    await expect.element(slider).toHaveAttribute('aria-valuetext', 'Sin años adicionales');
    await userEvent.keyboard('{End}');
    await expect.element(slider).toHaveValue('10');
    await userEvent.keyboard('{PageDown}');
    await expect.element(slider).toHaveValue('0');
    await userEvent.keyboard('{PageUp}');
    await expect.element(slider).toHaveValue('10');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await expect.element(box).toHaveValue('5');
    expect(onValueChange).toHaveBeenLastCalledWith(5);
    // The filled part of the track follows the value.
    expect(slider.element().style.getPropertyValue('--slider-fill')).toBe('50%');
  });

  it('moves by a decimal step, and Page Up stops at the end', async () => {
    const screen = await render(
      <Slider label="Tipo de interés" min={0} max={5} step={0.25} defaultValue={2.5} unit="%" />,
    );
    const slider = screen.getByRole('slider', { name: 'Tipo de interés' });
    const box = screen.getByRole('textbox', { name: 'Tipo de interés En cifras' });

    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(slider).toHaveValue('2.75');
    await expect.element(slider).toHaveAttribute('aria-valuetext', '2,75');
    await expect.element(box).toHaveValue('2,75');
    await userEvent.keyboard('{PageUp}');
    await expect.element(slider).toHaveValue('5');
    await expect.element(box).toHaveValue('5,00');
  });

  it('goes where the track is clicked, as a finger puts it', async () => {
    const screen = await render(<Slider label="Años adicionales" min={0} max={10} />);
    const slider = screen.getByRole('slider', { name: 'Años adicionales' });
    const { width, height } = slider.element().getBoundingClientRect();

    await userEvent.click(slider, { position: { x: width - 1, y: height / 2 } });
    await expect.element(slider).toHaveValue('10');
    await expect
      .element(screen.getByRole('textbox', { name: 'Años adicionales En cifras' }))
      .toHaveValue('10');
    await userEvent.click(slider, { position: { x: 1, y: height / 2 } });
    await expect.element(slider).toHaveValue('0');
  });

  it('sends its value with a native form under its name, and takes the id given', async () => {
    const screen = await render(
      <form aria-label="Simulación">
        <Slider
          label="Años adicionales"
          id="anios"
          name="anios"
          min={0}
          max={10}
          defaultValue={3}
        />
      </form>,
    );
    const slider = screen.getByRole('slider', { name: 'Años adicionales' }).element();
    expect(slider.id).toBe('anios');
    const form = screen.getByRole('form', { name: 'Simulación' }).element();
    if (!(form instanceof HTMLFormElement)) throw new Error('No form');
    expect(new FormData(form).get('anios')).toBe('3');
  });
});
