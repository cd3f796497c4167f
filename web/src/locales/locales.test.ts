import { describe, expect, it } from 'vitest';

type Table = Record<string, unknown>;
const files = import.meta.glob<Table>('./*/*.json', { eager: true, import: 'default' });

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

const names = [...new Set(Object.keys(files).map((path) => path.split('/')[2]))];

describe('translations', () => {
  it.each(names)('%s has exactly the same keys in Spanish and English', (name) => {
    expect(keys(files[`./en/${name}`]).sort()).toEqual(keys(files[`./es/${name}`]).sort());
  });

  it('no two files define the same top-level group', () => {
    const groups = names.flatMap((name) => Object.keys(files[`./es/${name}`] ?? {}));
    expect(groups.length).toBe(new Set(groups).size);
  });

  it('no text is empty', () => {
    for (const [path, table] of Object.entries(files)) {
      for (const key of keys(table)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Table)[part], table);
        expect(text, `${path}: ${key}`).not.toBe('');
      }
    }
  });
});
