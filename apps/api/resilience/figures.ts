/** The figures each part measures, printed as one block the README table is copied from. */
export function report(title: string, rows: [string, string | number][]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${String(value)}`);
  process.stdout.write(`\n${title}\n${lines.join('\n')}\n`);
}

export function statusLine(statuses: Map<number, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${String(status)}: ${String(count)}`)
    .join(', ');
}
