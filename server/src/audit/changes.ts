/** `{ field: { old, new } }` for the fields whose value changes; values compare as JSON. */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) {
      continue;
    }
    const old = before[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) {
      changes[`${prefix}${field}`] = { old, new: value };
    }
  }
  return changes;
}
