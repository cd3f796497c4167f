import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { CHUNK_BYTES, type DatasetsRepository } from './datasets.repository.ts';

/**
 * A dataset's zip kept in the database, a chunk of at most 1 MiB a row (docs/decisions/020-analysis-
 * datasets.md): written as the build makes it, its SHA-256 and size counted on the way, and read back a
 * chunk at a time for a download. Neither side holds more than a chunk and what the stream buffers.
 */

export interface StoredZip {
  readonly size: number;
  readonly sha256: string;
}

/** A sink that stores what it is given as the chunks of dataset `id`; `stored()` once it has finished. */
export function chunkSink(repository: DatasetsRepository, id: string): Writable & { stored(): StoredZip } {
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  let digest: string | null = null;
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const whole = Buffer.concat(pending, pendingBytes);
      const chunk = whole.subarray(0, Math.min(CHUNK_BYTES, whole.length));
      const rest = whole.subarray(chunk.length);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
      await repository.appendChunk(id, seq++, chunk);
    }
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      pending.push(chunk);
      pendingBytes += chunk.length;
      flush(false).then(() => callback(), callback);
    },
    final(callback) {
      digest = hash.digest('hex');
      flush(true).then(() => callback(), callback);
    },
  });
  return Object.assign(sink, {
    stored(): StoredZip {
      if (digest === null) {
        throw new Error('the zip is not finished');
      }
      return { size, sha256: digest };
    },
  });
}

/** Dataset `id`'s stored zip as a stream, a chunk read when the reader wants more. */
export function chunkSource(repository: DatasetsRepository, id: string): Readable {
  let seq = 0;
  return new Readable({
    read() {
      repository.chunk(id, seq++).then(
        (chunk) => {
          this.push(chunk);
        },
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}
