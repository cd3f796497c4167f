/** The mark between whole and decimal part in the language: a comma in Spanish, a point in English. */
export function decimalSeparatorOf(language: string): string {
  const parts = new Intl.NumberFormat(language).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

/** A number as the language writes it, with no grouping and as many decimals as it has: `0,05` in Spanish. */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 10 }).format(value);
}
