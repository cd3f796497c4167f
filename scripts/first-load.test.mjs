import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFirstLoad, firstLoadFiles, measureFirstLoad, SIGN_IN_ROOTS } from './first-load.mjs';

/**
 * A manifest as Vite writes it: the entry with the light sign-in page it imports, the app it fetches on
 * demand, and the chunks they share.
 */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_i18n.js', '_form.js'],
    dynamicImports: ['src/app/app.tsx', 'src/features/auth/api/login-request.ts'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_i18n.js': { file: 'assets/i18n.js', imports: ['_react.js'], dynamicImports: ['src/locales/es.ts'] },
  '_form.js': { file: 'assets/form.js', css: ['assets/form.css'] },
  'src/app/app.tsx': {
    file: 'assets/app.js',
    isDynamicEntry: true,
    imports: ['index.html', '_form.js', '_router.js'],
    dynamicImports: ['src/features/patients/routes/patients-page.tsx'],
  },
  '_router.js': { file: 'assets/router.js', imports: ['_react.js'] },
  'src/features/auth/api/login-request.ts': { file: 'assets/login-request.js', imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  'src/features/patients/routes/patients-page.tsx': { file: 'assets/patients-page.js', imports: ['_zod.js'] },
  'src/locales/es.ts': { file: 'assets/es.js', isDynamicEntry: true },
};

describe('the first-load budget', () => {
  it('follows static imports from the roots, transitively and once, and not dynamic imports', () => {
    expect(firstLoadFiles(manifest, SIGN_IN_ROOTS)).toEqual({
      js: ['assets/es.js', 'assets/form.js', 'assets/i18n.js', 'assets/index.js', 'assets/react.js'],
      css: ['assets/form.css', 'assets/index.css'],
    });
  });

  it('adds up the gzipped sizes of the JavaScript and tells whether they fit', () => {
    const sizes = { 'assets/react.js': 60_000, 'assets/index.js': 30_000, 'assets/index.css': 9_000 };
    const sizeOf = (file) => sizes[file] ?? 1_000;
    const within = measureFirstLoad(manifest, SIGN_IN_ROOTS, sizeOf, 93_000);
    expect(within.jsBytes).toBe(93_000);
    expect(within.cssBytes).toBe(10_000);
    expect(within.withinBudget).toBe(true);
    expect(within.js[0]).toEqual({ file: 'assets/react.js', bytes: 60_000 });
    expect(measureFirstLoad(manifest, SIGN_IN_ROOTS, sizeOf, 92_999).withinBudget).toBe(false);
  });

  it('refuses a manifest without one of the roots (a renamed module would escape the check)', () => {
    const { 'src/locales/es.ts': _gone, ...renamed } = manifest;
    expect(() => firstLoadFiles(renamed, SIGN_IN_ROOTS)).toThrow(/src\/locales\/es\.ts/);
  });

  describe('on a built folder', () => {
    let dist;
    afterEach(() => rmSync(dist, { recursive: true, force: true }));

    function build(bytesOfReact) {
      dist = mkdtempSync(path.join(tmpdir(), 'first-load-'));
      mkdirSync(path.join(dist, '.vite'));
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      for (const chunk of Object.values(manifest)) {
        for (const file of [chunk.file, ...(chunk.css ?? [])]) {
          // Random bytes do not compress: the gzipped size is about the size written.
          const size = file === 'assets/react.js' ? bytesOfReact : 100;
          writeFileSync(
            path.join(dist, file),
            Buffer.from(Array.from({ length: size }, () => Math.floor(Math.random() * 256))),
          );
        }
      }
    }

    it('prints the report and passes within the budget', () => {
      build(1_000);
      let printed = '';
      const result = checkFirstLoad(dist, { print: (text) => (printed += text) });
      expect(result.withinBudget).toBe(true);
      expect(printed).toMatch(/First load of the sign-in page/);
      expect(printed).toMatch(/assets\/react\.js/);
      expect(printed).not.toMatch(/patients-page|login-request|zod|app\.js|router/);
    });

    it('fails when the JavaScript is over the budget', () => {
      build(260_000);
      expect(() => checkFirstLoad(dist, { print: () => undefined })).toThrow(/over the budget/);
    });
  });
});
