import { createReadStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The CSV files of a build, written side by side as its one pass over the patients gives each batch's
 * rows of every table, then read back one after the other into the zip, which takes a file whole
 * before the next. They live in a folder of their own in the system's temporary directory, readable by
 * the server's user only, and are removed when the build ends, whichever way it ends.
 */
export interface TableSpool {
  /** Appends text to file `name`; the next append to it waits for this one. */
  append(name: string, text: string): Promise<void>;
  /** File `name` as written so far. */
  read(name: string): Readable;
  /** Closes the files and removes the folder. */
  remove(): Promise<void>;
}

const READ_BYTES = 16 * 1024;

export async function openSpool(names: readonly string[]): Promise<TableSpool> {
  const folder = await mkdtemp(path.join(tmpdir(), 'registry-dataset-build-'));
  const files = new Map<string, { path: string; handle: FileHandle }>();
  const remove = async () => {
    await Promise.allSettled([...files.values()].map((file) => file.handle.close()));
    await rm(folder, { recursive: true, force: true });
  };
  try {
    for (const [index, name] of names.entries()) {
      const file = path.join(folder, `${index}.csv`);
      files.set(name, { path: file, handle: await open(file, 'wx', 0o600) });
    }
  } catch (error) {
    await remove();
    throw error;
  }
  const fileOf = (name: string) => {
    const file = files.get(name);
    if (!file) {
      throw new Error(`no file ${name} in this build`);
    }
    return file;
  };
  return {
    // A handle's writeFile writes on from where the last write ended, all of the text.
    append: async (name, text) => {
      await fileOf(name).handle.writeFile(text, 'utf8');
    },
    // Read in pieces of the size zlib writes its output in: larger ones piled up outside the heap until
    // the next collection, growing the server for a while by several times what a piece holds.
    read: (name) => createReadStream(fileOf(name).path, { highWaterMark: READ_BYTES }),
    remove,
  };
}
