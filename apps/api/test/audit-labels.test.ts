import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { AUDIT_ACTION_LABELS } from '@cbp/core';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('../src', import.meta.url));

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith('.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}

describe('the audit log as the firm reads it', () => {
  it('names in Spanish every action the server writes, so no raw id reaches the audit page', async () => {
    const written = new Set<string>();
    for (const file of await sourceFiles(SOURCE)) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/\baction: '([a-z_]+\.[a-z_]+)'/g)) {
        if (match[1] !== undefined) written.add(match[1]);
      }
    }
    // The scan finds the actions: money, signatures, case changes and sign-ins among them.
    expect(written).toContain('payment.confirmed');
    expect(written).toContain('contract.signed');
    expect(written).toContain('case.moved');
    const unnamed = [...written].filter((action) => !(action in AUDIT_ACTION_LABELS)).sort();
    expect(unnamed).toEqual([]);
  });
});
