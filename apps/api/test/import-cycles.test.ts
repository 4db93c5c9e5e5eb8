import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sourceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The source files each file imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(sourceRoot)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolve(dirname(file), fileName))
      .map((base) => [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path)))
      .filter((path) => path !== undefined);
    graph.set(file, targets);
  }
  return graph;
}

/** Each group of files that import one another in a cycle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    lowest.set(file, order.get(file) ?? 0);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(target) ?? 0));
      } else if (stack.includes(target)) {
        lowest.set(file, Math.min(lowest.get(file) ?? 0, order.get(target) ?? 0));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) group.push(member);
    } while (member !== undefined && member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

/**
 * The part of the source a file belongs to: a module (`modules/<name>`), a provider
 * (`providers/<name>`), or another entry of `src` (`context`, `lib`, `plugins`, ...).
 */
function partOf(file: string): string {
  const [top = '', name = ''] = relative(sourceRoot, file).split('/');
  const part = top === 'modules' || top === 'providers' ? `${top}/${name}` : top;
  return part.replace(/\.ts$/, '');
}

/** Which parts each part imports, itself left out. */
function partGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const parts = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = partOf(file);
    const reached = parts.get(from) ?? new Set<string>();
    for (const target of targets) if (partOf(target) !== from) reached.add(partOf(target));
    parts.set(from, reached);
  }
  return new Map([...parts].map(([part, reached]) => [part, [...reached]]));
}

describe('the API source', () => {
  it('has no import cycle between its files', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const found = cycles(graph).map((group) => group.map((file) => relative(sourceRoot, file)));
    expect(found).toEqual([]);
  });

  it('has no import cycle between its modules, providers and other parts', () => {
    const parts = partGraph(importGraph());
    expect(parts.get('modules/billing')).toContain('modules/case-access');
    expect(cycles(parts)).toEqual([]);
  });

  it('finds a cycle between parts when two files of two modules import each other', () => {
    const graph = new Map([
      [join(sourceRoot, 'modules/a/routes.ts'), [join(sourceRoot, 'modules/b/service.ts')]],
      [join(sourceRoot, 'modules/b/service.ts'), [join(sourceRoot, 'lib/errors.ts')]],
      [join(sourceRoot, 'modules/b/routes.ts'), [join(sourceRoot, 'modules/a/service.ts')]],
      [join(sourceRoot, 'context.ts'), [join(sourceRoot, 'lib/errors.ts')]],
    ]);
    expect(cycles(graph)).toEqual([]);
    expect(cycles(partGraph(graph))).toEqual([['modules/a', 'modules/b']]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
