import { describe, expect, it } from 'vitest';
import { timeOrderOf } from './times.ts';

describe('the order of patients by time', () => {
  it('sorts by ascending time and keeps tied patients in their given order, as R order() does', () => {
    const times = [5, 0, 3, 5, 3, 12, 0, 5];
    expect([...timeOrderOf(times)]).toEqual([1, 6, 2, 4, 0, 3, 7, 5]);
  });

  it('orders many patients over decades of days exactly', () => {
    const items = Array.from({ length: 50_000 }, (_, index) => ({ time: (index * 7919) % 20_000 }));
    const order = [...timeOrderOf(items.map((item) => item.time))];
    const expected = items
      .map((_, index) => index)
      .sort((i, j) => (items[i]?.time ?? 0) - (items[j]?.time ?? 0) || i - j);
    expect(order).toEqual(expected);
  });

  it('is empty without patients and refuses a time that is not whole days', () => {
    expect(timeOrderOf([])).toEqual(new Uint32Array(0));
    expect(() => timeOrderOf([1.5])).toThrow(RangeError);
  });
});
