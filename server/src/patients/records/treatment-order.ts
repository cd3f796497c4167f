/**
 * Order numbers of a patient's treatments, and of a treatment's drugs, stay dense: 1..n with no gap
 * and no repeat, whatever a client sends (docs/product-rules.md#records). The table's unique order,
 * checked at commit, holds the database to it.
 */

/** An item that keeps its place: it was not sent. */
export interface KeptItem {
  readonly key: string;
  readonly order: number;
}

/** A sent item: the place it asks for, else the one it had (`was`), else the end. */
export interface SentItem {
  readonly key: string;
  readonly order: number | undefined;
  readonly was?: number | undefined;
}

/**
 * Final order numbers 1..n for a parent's items: the sent items take the place they ask for (else the
 * one they had, else the end), the others keep theirs, a sent item goes before a kept one at the same
 * place, and ties keep the order they came in.
 */
export function denseOrder(kept: readonly KeptItem[], sent: readonly SentItem[]): Map<string, number> {
  const ranked = [
    ...sent.map((item, index) => ({
      key: item.key,
      place: item.order ?? item.was ?? Number.MAX_SAFE_INTEGER,
      kept: 0,
      index,
    })),
    ...kept.map((item, index) => ({ key: item.key, place: item.order, kept: 1, index })),
  ].sort((a, b) => a.place - b.place || a.kept - b.kept || a.index - b.index);
  return new Map(ranked.map((item, index) => [item.key, index + 1]));
}
