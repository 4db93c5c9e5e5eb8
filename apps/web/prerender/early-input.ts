/**
 * Keeps what a person does on a prerendered page before its scripts have started.
 *
 * The HTML is readable and tappable at once, but its buttons do nothing until React has
 * taken over (decision 0408 makes that moment later on purpose), and React's hydration
 * resets every field to its initial state, so text typed by then is wiped. Worse, pressing
 * Enter in the sign-in form would submit it natively, as a GET with the password in the
 * address.
 *
 * A small classic script in the head therefore, until the page has started:
 * - remembers what is typed or ticked in each field;
 * - holds taps on buttons and form submissions instead of letting them through;
 * - once the root marks the document as started (`data-hydrated`), gives the fields back
 *   what was typed, through the same input events a person would cause, and then carries
 *   out each held action once, in order, skipping what is no longer on the page.
 */

export class EarlyInputError extends Error {
  constructor(page: string) {
    super(`${page}: no viewport meta tag to put the early input script after`);
    this.name = 'EarlyInputError';
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Runs in the browser, serialised into the page: it may use nothing from outside itself. */
export function keepEarlyInput(): void {
  // React hydrates the head too, and would take this element for the next script it renders.
  document.currentScript?.remove();
  const root = document.documentElement;
  const entered = new Map<Field, string | boolean>();
  const held: (HTMLButtonElement | HTMLFormElement)[] = [];

  const isToggle = (field: Field): field is HTMLInputElement =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

  const remember = (event: Event) => {
    const field = event.target;
    if (
      !(field instanceof HTMLInputElement) &&
      !(field instanceof HTMLTextAreaElement) &&
      !(field instanceof HTMLSelectElement)
    ) {
      return;
    }
    entered.set(field, isToggle(field) ? field.checked : field.value);
  };

  const hold = (event: Event) => {
    const target =
      event.type === 'submit'
        ? event.target
        : event.target instanceof Element
          ? event.target.closest('button')
          : null;
    if (!(target instanceof HTMLButtonElement) && !(target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on something that did not answer means the same wish, not a toggle back.
    if (!held.includes(target)) held.push(target);
  };

  const listeners: [string, (event: Event) => void][] = [
    ['input', remember],
    ['change', remember],
    ['click', hold],
    ['submit', hold],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);

  const giveBack = () => {
    for (const [field, value] of entered) {
      if (!field.isConnected) continue;
      if (typeof value === 'boolean') {
        if (isToggle(field) && field.checked !== value) field.click();
        continue;
      }
      // React compares what it last saw with what the field holds: it is told something else
      // through its own setter, the typed value goes in behind it, and the event then reads
      // as a change, as when a person types.
      field.value = value === '' ? ' ' : '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(
        field,
        value,
      );
      const type = field instanceof HTMLSelectElement ? 'change' : 'input';
      field.dispatchEvent(new Event(type, { bubbles: true }));
    }
  };

  const carryOut = async () => {
    for (const target of held) {
      // Each action after the page has rendered the previous one and the restored fields.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!target.isConnected) continue;
      if (target instanceof HTMLFormElement) target.requestSubmit();
      else target.click();
    }
  };

  const observer = new MutationObserver(() => {
    if (!root.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    giveBack();
    void carryOut();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}

const VIEWPORT_META = /<meta name="viewport"[^>]*\/>/;

/** The page with the early input script at the top of its head; `page` names it in errors. */
export function withEarlyInput(html: string, page: string): string {
  const viewport = VIEWPORT_META.exec(html);
  if (viewport === null) throw new EarlyInputError(page);
  const script = `<script>(${keepEarlyInput.toString()})();</script>`;
  // After the charset and viewport, before any stylesheet a classic script would wait for.
  return html.replace(viewport[0], () => `${viewport[0]}${script}`);
}
