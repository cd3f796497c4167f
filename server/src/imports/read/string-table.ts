/**
 * A workbook's shared strings, kept compactly: a large sheet can share a million small strings, and a
 * JavaScript string of its own costs each of them a header and a slot beside its characters. The
 * strings are joined a block at a time, each block one flat string (Latin-1 text stays one byte a
 * character even where another block holds a `€`), and found again by their ends. Filled first
 * (`push`, then `finish`), then read.
 */
export class StringTable {
  private static readonly BLOCK = 4096;
  private readonly blocks: string[] = [];
  private pending: string[] = [];
  /** Where each string ends within its block. */
  private ends = new Uint32Array(StringTable.BLOCK);
  private count = 0;
  private offset = 0;
  private finished = false;

  get size(): number {
    return this.count;
  }

  push(text: string): void {
    if (this.finished) {
      throw new Error('the string table is finished');
    }
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.offset += text.length;
    this.ends[this.count] = this.offset;
    this.count += 1;
    this.pending.push(text);
    if (this.pending.length === StringTable.BLOCK) {
      this.seal();
    }
  }

  /** The string at `index`, or `undefined` past the end. */
  get(index: number): string | undefined {
    if (!this.finished) {
      throw new Error('the string table is not finished');
    }
    if (!Number.isInteger(index) || index < 0 || index >= this.count) {
      return undefined;
    }
    const block = Math.floor(index / StringTable.BLOCK);
    const start = index % StringTable.BLOCK === 0 ? 0 : (this.ends[index - 1] as number);
    return (this.blocks[block] as string).slice(start, this.ends[index]);
  }

  /** Ends the filling: the table is read from now on. */
  finish(): this {
    this.seal();
    this.finished = true;
    return this;
  }

  private seal(): void {
    if (this.pending.length > 0) {
      this.blocks.push(this.pending.join(''));
      this.pending = [];
      this.offset = 0;
    }
  }
}
