import { describe, expect, it } from 'vitest';
import { denseOrder } from './treatment-order.ts';

const orders = (map: Map<string, number>) => Object.fromEntries(map);

describe('dense order of treatments and drugs', () => {
  it('numbers new items after the kept ones when they ask for no place', () => {
    const kept = [
      { key: 'a', order: 1 },
      { key: 'b', order: 2 },
    ];
    expect(orders(denseOrder(kept, [{ key: 'new:0', order: undefined }]))).toEqual({
      a: 1,
      b: 2,
      'new:0': 3,
    });
  });

  it('closes the gap left by a deleted item', () => {
    const kept = [
      { key: 'a', order: 1 },
      { key: 'c', order: 3 },
      { key: 'd', order: 4 },
    ];
    expect(orders(denseOrder(kept, []))).toEqual({ a: 1, c: 2, d: 3 });
  });

  it('puts a sent item before a kept one that has the place it asks for', () => {
    const kept = [
      { key: 'a', order: 1 },
      { key: 'b', order: 2 },
    ];
    expect(orders(denseOrder(kept, [{ key: 'new:0', order: 1 }]))).toEqual({ 'new:0': 1, a: 2, b: 3 });
  });

  it('keeps a sent item in the place it had when it asks for none', () => {
    const kept = [
      { key: 'a', order: 1 },
      { key: 'c', order: 3 },
    ];
    expect(orders(denseOrder(kept, [{ key: 'b', order: undefined, was: 2 }]))).toEqual({ a: 1, b: 2, c: 3 });
  });

  it('moves an item to the end when it asks for a place beyond the last', () => {
    const kept = [{ key: 'b', order: 2 }];
    expect(orders(denseOrder(kept, [{ key: 'a', order: 50, was: 1 }]))).toEqual({ b: 1, a: 2 });
  });

  it('keeps the sending order between sent items that ask for the same place', () => {
    const sent = [
      { key: 'x', order: 1 },
      { key: 'y', order: 1 },
      { key: 'z', order: 1 },
    ];
    expect(orders(denseOrder([], sent))).toEqual({ x: 1, y: 2, z: 3 });
  });

  it('answers 1..n with no gap and no repeat for any input', () => {
    for (let run = 0; run < 200; run++) {
      const kept = Array.from({ length: run % 7 }, (_, i) => ({
        key: `k${i}`,
        order: 1 + ((i * 37 + run) % 9),
      }));
      const sent = Array.from({ length: run % 5 }, (_, i) => ({
        key: `s${i}`,
        order: i % 2 === 0 ? 1 + ((i * 13 + run) % 11) : undefined,
        was: i % 3 === 0 ? 2 : undefined,
      }));
      const numbers = [...denseOrder(kept, sent).values()].sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: kept.length + sent.length }, (_, i) => i + 1));
    }
  });
});
