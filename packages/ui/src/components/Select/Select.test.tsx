import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { Select, SelectItem } from './Select';

function Page() {
  return (
    <main>
      <a href="#ayuda">Ayuda</a>
      <Select aria-label="Tipo de ingresos">
        <SelectItem value="nomina">Nómina</SelectItem>
        <SelectItem value="pension">Pensión</SelectItem>
      </Select>
      <button type="button">Siguiente</button>
    </main>
  );
}

describe('Select', () => {
  it('takes the page behind an open list out of reach, and gives it back with the focus on close', async () => {
    const screen = await render(<Page />);
    const trigger = screen.getByRole('combobox', { name: 'Tipo de ingresos' });
    await userEvent.tab();
    await userEvent.tab();
    await expect.element(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('option', { name: 'Nómina' })).toHaveFocus();

    // What is hidden from assistive technology cannot be reached with Tab either.
    const link = screen.getByRole('link', { name: 'Ayuda', includeHidden: true }).element();
    expect(link.closest('[inert]')).not.toBeNull();

    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('option', { name: 'Pensión' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(trigger).toHaveTextContent('Pensión');
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
    await expect.element(trigger).toHaveFocus();
  });
});
