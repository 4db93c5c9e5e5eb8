import { Card, CardTitle } from '@cbp/ui';

import { INCLUDED, NOT_INCLUDED } from './fees';

function TickList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 ps-6 leading-relaxed">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** What both plans include and what they do not: on the public fees page and in the client area. */
export function FeeInclusions() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardTitle level={3}>Incluido en los dos planes</CardTitle>
        <TickList items={INCLUDED} />
      </Card>
      <Card variant="muted">
        <CardTitle level={3}>No incluido</CardTitle>
        <TickList items={NOT_INCLUDED} />
      </Card>
    </div>
  );
}
