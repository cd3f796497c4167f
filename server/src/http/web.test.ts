import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the built web app', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'registry-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>registry</title>');
    writeFileSync(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
    // As the build leaves them (scripts/precompress.mjs): compressed copies beside a file.
    writeFileSync(path.join(root, 'assets', 'app-def456.js'), SCRIPT);
    writeFileSync(path.join(root, 'assets', 'app-def456.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(root, 'assets', 'app-def456.js.br'), brotliCompressSync(SCRIPT));
    t = await buildTestApp();
    app = await buildApp(t.ctx, { serveWeb: true, webRoot: root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves its files, hashed assets for a year and index.html never from cache', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the logo for a day, so that the page fetches it once for its three uses', async () => {
    const logo = await app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends the compressed copy a browser accepts, and the file itself to one that accepts none', async () => {
    const url = '/assets/app-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a deep link with the app, so that its router decides', async () => {
    for (const url of ['/patients', '/patients/0b7c6a8e-3f0e-4a51-9a7e-6d1f0c2b9e11/diagnosis?step=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>registry</title>');
    }
  });

  it('answers 404, not the app, for a file that is not there (a chunk of an earlier release)', async () => {
    for (const url of ['/assets/patient-file-OLD1234.js', '/assets/index-OLD.css', '/favicon-old.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });
});
