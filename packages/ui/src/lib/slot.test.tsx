import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';

import { Slot, Slottable } from './slot';

describe('Slot', () => {
  it('renders its child with the slot’s attributes, joining classes and styles', async () => {
    const screen = await render(
      <Slot data-slot="button" className="font-bold" style={{ color: 'red' }} title="del slot">
        <a href="/app" className="underline" style={{ margin: 0 }} title="del enlace">
          Ir a mi área
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Ir a mi área' }).element();
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('data-slot')).toBe('button');
    expect(link.getAttribute('class')).toBe('font-bold underline');
    expect(link.getAttribute('style')).toContain('color: red');
    expect(link.getAttribute('style')).toContain('margin: 0');
    // What the child sets itself wins.
    expect(link.getAttribute('title')).toBe('del enlace');
  });

  it('runs both click handlers, the child’s first, and sets both refs', async () => {
    const calls: string[] = [];
    const slotRef = React.createRef<HTMLElement>();
    const childRef = React.createRef<HTMLButtonElement>();
    const screen = await render(
      <Slot ref={slotRef} onClick={() => calls.push('slot')}>
        <button type="button" ref={childRef} onClick={() => calls.push('child')}>
          Enviar
        </button>
      </Slot>,
    );
    await screen.getByRole('button', { name: 'Enviar' }).click();
    expect(calls).toEqual(['child', 'slot']);
    expect(slotRef.current).toBeInstanceOf(HTMLButtonElement);
    expect(childRef.current).toBe(slotRef.current);
  });

  it('puts the siblings of a Slottable inside its element, after its own children', async () => {
    // The test stays on its page: the slot's handler stops the navigation.
    const onClick = vi.fn((event: React.MouseEvent) => {
      event.preventDefault();
    });
    const screen = await render(
      <Slot onClick={onClick}>
        <Slottable>
          <a href="/condiciones">Condiciones</a>
        </Slottable>
        <span> (se abre en una pestaña nueva)</span>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Condiciones (se abre en una pestaña nueva)' });
    await link.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
