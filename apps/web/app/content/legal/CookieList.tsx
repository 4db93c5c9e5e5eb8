import { CATEGORY_TEXT } from '../../lib/consent/categories';
import { STORAGE_INVENTORY } from '../../lib/consent/inventory';

/**
 * Everything the site stores in the browser, one card per item. Cards rather than a five-column
 * table, so the list reads well from 320 px without scrolling sideways.
 */
export function CookieList() {
  return (
    <ul className="flex flex-col gap-4" data-slot="cookie-list">
      {STORAGE_INVENTORY.map((item) => (
        <li key={item.names.join(',')} className="rounded-lg border-2 border-border p-4">
          <p className="mb-3 font-mono text-base font-semibold break-words">
            {item.names.join(', ')}
          </p>
          <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Titular</dt>
            <dd className="mb-2 sm:mb-0">
              {item.owner}
              {item.thirdParty ? ' (tercero)' : ''}
            </dd>
            <dt className="font-semibold">Tipo</dt>
            <dd className="mb-2 sm:mb-0">
              {CATEGORY_TEXT[item.category].title} · {item.kind}
            </dd>
            <dt className="font-semibold">Finalidad</dt>
            <dd className="mb-2 sm:mb-0">{item.purpose}</dd>
            <dt className="font-semibold">Duración</dt>
            <dd>{item.lifetime}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
