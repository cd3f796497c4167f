/** The mark between whole and decimal part in the language: a comma in Spanish, a point in English. */
export function decimalSeparatorOf(language: string): string {
  const parts = new Intl.NumberFormat(language).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

/** A number as the language writes it, with no grouping and as many decimals as it has: `0,05` in Spanish. */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 10 }).format(value);
}

/**
 * The number a number field holds (docs/product-rules.md#validation), by one rule for every field: the
 * field reads the language's decimal sign (and the other one too), and gives a number once what is typed
 * is whole, else its text, always written with a point. `''` is empty (null); a text that is not yet a
 * number — a trailing sign (`6,` typed, `6.` held) or a lone minus — is half-typed (undefined) and is
 * never taken for the number it may become.
 */
export function typedNumberOf(value: number | string | null | undefined): number | null | undefined {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : undefined;
  }
  const text = value.trim();
  if (text === '') {
    return null;
  }
  // Mantine keeps `6.50` or `0.0` as text while typed; they are numbers all the same.
  return /^-?(\d+(\.\d+)?|\.\d+)$/.test(text) ? Number(text) : undefined;
}

/**
 * A number field's value as a form sends it: its number, null when empty, and NaN when half-typed, so
 * that the shared rule refuses it with the field's own message rather than take it for another number.
 */
export function numberToSend(value: number | string | null | undefined): number | null {
  const typed = typedNumberOf(value);
  return typed === undefined ? Number.NaN : typed;
}
