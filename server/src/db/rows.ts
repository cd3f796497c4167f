/** The rows of a statement's result, as both drivers answer them (`{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
