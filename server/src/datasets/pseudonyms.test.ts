import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { centreName, datasetKeyOf, MAX_SHIFT_DAYS, pseudonymsOf } from './pseudonyms.ts';

const KEY = Buffer.alloc(32, 1);
const PATIENT = '00000000-0000-4000-8000-000000000001';

describe('the pseudonyms of a dataset (CONTRACT §15)', () => {
  it('gives the first 16 hex digits of HMAC-SHA256 over the study key and the id, and a shift from the next bytes', () => {
    // Python's hmac over the same message (b'patient\0study A\0<id>\0') gives 4c4197851adcf7ee… and,
    // from bytes 8–11 as an unsigned integer modulo 361, a shift of −58.
    const study = pseudonymsOf(KEY, 'study A');
    expect(study.pid(PATIENT)).toBe('4c4197851adcf7ee');
    expect(study.shift(PATIENT)).toBe(-58);
    expect(pseudonymsOf(KEY, 'study B').pid(PATIENT)).toBe('398551667b7f69de');
    expect(pseudonymsOf(KEY, 'study B').shift(PATIENT)).toBe(-173);
  });

  it('is stable for one study key and key, and differs for another study key or key', () => {
    const ids = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const a = ids.map(pseudonymsOf(KEY, 'AML-2027').pid);
    expect(ids.map(pseudonymsOf(KEY, 'AML-2027').pid)).toEqual(a);
    const other = ids.map(pseudonymsOf(KEY, 'AML-2028').pid);
    const otherKey = ids.map(pseudonymsOf(Buffer.alloc(32, 2), 'AML-2027').pid);
    expect(a.filter((pid, i) => pid === other[i] || pid === otherKey[i])).toEqual([]);
    expect(new Set(a).size).toBe(ids.length);
    for (const pid of a) {
      expect(pid).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('shifts every date of a patient by one offset within ±180 days, spread over the range', () => {
    const study = pseudonymsOf(KEY, 'shifts');
    const shifts = Array.from({ length: 2000 }, (_, i) =>
      study.shift(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    );
    expect(Math.min(...shifts)).toBeGreaterThanOrEqual(-MAX_SHIFT_DAYS);
    expect(Math.max(...shifts)).toBeLessThanOrEqual(MAX_SHIFT_DAYS);
    // 2,000 draws over 361 values: each half of the range gets about half of them.
    const early = shifts.filter((shift) => shift < 0).length;
    expect(early).toBeGreaterThan(850);
    expect(early).toBeLessThan(1150);
  });

  it('gives a patient the same pseudonyms however many patients were asked for between', () => {
    const ids = Array.from(
      { length: 10_000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const study = pseudonymsOf(KEY, 'many');
    const first = ids.map((id) => [study.pid(id), study.shift(id)]);
    const again = [...ids].reverse().map((id) => [study.pid(id), study.shift(id)]);
    expect(again.reverse()).toEqual(first);
    const fresh = pseudonymsOf(KEY, 'many');
    expect(ids.map((id) => [fresh.shift(id), fresh.pid(id)])).toEqual(
      first.map(([pid, shift]) => [shift, pid]),
    );
  });

  it('keeps the study key apart from the id: no two study keys and ids give one message', () => {
    const id = '00000000-0000-4000-8000-000000000002';
    expect(pseudonymsOf(KEY, 'a').pid(id)).not.toBe(pseudonymsOf(KEY, 'a\u0000').pid(id));
    expect(pseudonymsOf(KEY, 'x').centreRank(id)).not.toBe(pseudonymsOf(KEY, 'x').pid(id));
  });

  it('names the centres C01, C02, … C10, C100', () => {
    expect([1, 2, 10, 100].map(centreName)).toEqual(['C01', 'C02', 'C10', 'C100']);
  });
});

describe('the dataset key', () => {
  it('is DATASET_KEY when set', () => {
    const hex = 'ab'.repeat(32);
    expect(datasetKeyOf({ datasetKey: hex, dataDir: '/nowhere' }).toString('hex')).toBe(hex);
  });

  it('is otherwise made once in DATA_DIR/dataset.key, owner only, and read again at the next start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-key-'));
    try {
      const first = datasetKeyOf({ datasetKey: undefined, dataDir });
      const file = path.join(dataDir, 'dataset.key');
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(datasetKeyOf({ datasetKey: undefined, dataDir }).equals(first)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
