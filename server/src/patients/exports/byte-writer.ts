/** What the exports' writers, the XLSX's deflater and the downloads write at a time. */
export const OUTPUT_CHUNK = 256 * 1024;

/**
 * Text written as UTF-8 straight into buffers of OUTPUT_CHUNK, a piece at a time (an XLSX row, a JSON
 * patient file). The same text joined into one string per batch cost more to flatten and encode than
 * to build (a sheet of a whole registry's records is hundreds of megabytes of XML), and a megabyte-sized string is an object of the
 * heap that only a full collection frees.
 */
export class ByteWriter {
  private buffer = Buffer.allocUnsafe(OUTPUT_CHUNK);
  private used = 0;

  /** Writes `text`, answering the buffer it filled before, if it filled one. */
  write(text: string): Buffer | undefined {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    const most = text.length * 3;
    let full: Buffer | undefined;
    if (this.used + most > this.buffer.length) {
      full = this.take();
      this.buffer = Buffer.allocUnsafe(Math.max(OUTPUT_CHUNK, most));
    }
    this.used += this.buffer.write(text, this.used);
    return full;
  }

  /** Answers what was written since the last buffer, if anything, and starts a new one. */
  take(): Buffer | undefined {
    if (this.used === 0) {
      return undefined;
    }
    const written = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(OUTPUT_CHUNK);
    this.used = 0;
    return written;
  }
}
