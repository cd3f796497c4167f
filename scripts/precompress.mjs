// Gzip and Brotli copies of the built web app's text files (web/dist), written beside them by the build
// (scripts/build.mjs): the server sends the copy a browser accepts (`preCompressed` in
// server/src/http/web.ts), so that what a user downloads is the compressed size the first-load budget
// counts, without compressing on every request or needing a proxy to do it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What compresses: text. Images and fonts are compressed already. */
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      return entry.name === '.vite' ? [] : filesUnder(full);
    }
    return [full];
  });
}

/** Writes `file.gz` and `file.br` for each text file of `folder`; answers how many files it compressed. */
export function precompress(folder) {
  let count = 0;
  for (const file of filesUnder(folder)) {
    if (!TEXT.has(path.extname(file)) || statSync(file).size < MIN_BYTES) {
      continue;
    }
    const bytes = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    count += 1;
  }
  return count;
}
