import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import yauzl, { type Entry } from 'yauzl';
import { ImportFileError } from './errors.ts';
import { READ_LIMITS } from './limits.ts';

/**
 * The zip container of an XLSX, opened with the defences a file from outside needs (CONTRACT §14): the
 * central directory's declared sizes must add up to at most 200 MiB (a zip bomb declares what it will
 * expand to, or lies about it), an encrypted entry is refused, and every part read is counted as it
 * inflates and stopped at its declared size (yauzl checks that too) or at the limit.
 */
export interface ZipArchive {
  /** The names of the parts, as stored (a leading `/` removed). */
  readonly names: readonly string[];
  /** Whether a part exists (OPC part names are case-insensitive). */
  has(name: string): boolean;
  /** A part's bytes as they inflate, guarded; `null` when there is no such part. */
  open(name: string): Promise<Readable | null>;
  /** A whole part of at most 32 MiB as text, or `null` when there is no such part. */
  text(name: string): Promise<string | null>;
}

/** The most parts an XLSX may hold; a real one has tens. Past it, the central directory alone is the attack. */
const MAX_ENTRIES = 10_000;
/** The largest part read whole as text (the workbook, its relationships, its styles); sheets are streamed. */
const MAX_TEXT_PART = 32 * 1024 * 1024;
const MiB = 1024 * 1024;

/** Opens a zip held in memory, or refuses it with an `ImportFileError`. */
export async function openZip(bytes: Buffer): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new ImportFileError('damaged');
  }
  const entries = new Map<string, Entry>();
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= MAX_ENTRIES) {
        throw new ImportFileError('damaged');
      }
      if (entry.isEncrypted()) {
        throw new ImportFileError('encrypted');
      }
      declared += entry.uncompressedSize;
      if (declared > READ_LIMITS.expandedBytes) {
        throw new ImportFileError('expandsTooMuch', { max: READ_LIMITS.expandedBytes / MiB });
      }
      if (!entry.fileName.endsWith('/')) {
        entries.set(partKey(entry.fileName), entry);
      }
    }
  } catch (error) {
    throw error instanceof ImportFileError ? error : new ImportFileError('damaged');
  }

  const open = async (name: string): Promise<Readable | null> => {
    const entry = entries.get(partKey(name));
    if (!entry) {
      return null;
    }
    let raw: Readable;
    try {
      raw = await zip.openReadStreamPromise(entry);
    } catch {
      throw new ImportFileError('damaged');
    }
    const guard = sizeGuard(Math.min(entry.uncompressedSize, READ_LIMITS.expandedBytes));
    // A failure on either side ends both; the reader sees why, in the refusal's terms.
    raw.on('error', (error) => guard.destroy(zipReadError(error)));
    guard.on('close', () => raw.destroy());
    return raw.pipe(guard);
  };

  return {
    names: [...entries.values()].map((entry) => entry.fileName.replace(/^\//, '')),
    has: (name) => entries.has(partKey(name)),
    open,
    async text(name) {
      if ((entries.get(partKey(name))?.uncompressedSize ?? 0) > MAX_TEXT_PART) {
        throw new ImportFileError('damaged');
      }
      const stream = await open(name);
      if (!stream) {
        return null;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) {
        chunks.push(chunk as Buffer);
      }
      return decodeXml(Buffer.concat(chunks));
    },
  };
}

function partKey(name: string): string {
  return name.replace(/^\//, '').toLowerCase();
}

/** What a failure while inflating means: more bytes than declared is a bomb; anything else, damage. */
function zipReadError(error: unknown): ImportFileError {
  if (error instanceof ImportFileError) {
    return error;
  }
  const message = error instanceof Error ? error.message : '';
  return message.startsWith('too many bytes')
    ? new ImportFileError('expandsTooMuch', { max: READ_LIMITS.expandedBytes / MiB })
    : new ImportFileError('damaged');
}

/**
 * A pass-through that fails with `expandsTooMuch` once more than `limit` bytes went through it: the guard
 * while inflating, whatever the zip's headers said.
 */
export function sizeGuard(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) {
        callback(new ImportFileError('expandsTooMuch', { max: READ_LIMITS.expandedBytes / MiB }));
        return;
      }
      callback(null, chunk);
    },
  });
}

/** An XML part's text: UTF-8 (with or without its mark), or UTF-16 when it starts with that mark. */
export function decodeXml(bytes: Uint8Array): string {
  return new TextDecoder(xmlEncoding(bytes)).decode(bytes);
}

/** The encoding of an XML part from its first bytes (XML 1.0 appendix F). */
export function xmlEncoding(head: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (head[0] === 0xff && head[1] === 0xfe) {
    return 'utf-16le';
  }
  if (head[0] === 0xfe && head[1] === 0xff) {
    return 'utf-16be';
  }
  return 'utf-8';
}
