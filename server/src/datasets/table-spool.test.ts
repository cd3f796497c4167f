import { existsSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { openSpool } from './table-spool.ts';

describe("a build's temporary table files", () => {
  it('gives back each file as appended, in order, and removes its folder and files', async () => {
    const spool = await openSpool(['a.csv', 'b.csv']);
    for (let i = 0; i < 200; i++) {
      await spool.append('a.csv', `${i},ñ\n`);
      await spool.append('b.csv', `b${i}\n`);
    }
    const a = spool.read('a.csv');
    expect(await text(a)).toBe(Array.from({ length: 200 }, (_, i) => `${i},ñ\n`).join(''));
    expect(await text(spool.read('b.csv'))).toBe(Array.from({ length: 200 }, (_, i) => `b${i}\n`).join(''));
    const file = (a as unknown as { path: string }).path;
    expect(existsSync(file)).toBe(true);
    await spool.remove();
    expect(existsSync(file)).toBe(false);
    expect(existsSync(file.slice(0, file.lastIndexOf('/')))).toBe(false);
  });

  it('refuses a file it was not opened with', async () => {
    const spool = await openSpool(['a.csv']);
    try {
      await expect(spool.append('b.csv', 'x')).rejects.toThrow('no file b.csv');
    } finally {
      await spool.remove();
    }
  });
});
