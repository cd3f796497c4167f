import { connect } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, newAdmin } from '../../test/patients.ts';
import { createExportSlots, exportSlotsOf, stallWatchedBody } from './export-limits.ts';

describe('bounded exports and requests', () => {
  let t: TestApp;
  let admin: Caller;
  let other: Caller;
  beforeAll(async () => {
    t = await buildTestApp({ EXPORTS_MAX: '2', EXPORTS_MAX_PER_USER: '1', REQUEST_TIMEOUT_MS: '1000' });
    admin = await newAdmin(t);
    other = await newAdmin(t);
  });
  afterAll(() => t.close());

  it('answers 429 EXPORT_IN_PROGRESS past the exports of one user, 503 EXPORTS_BUSY past the server’s', async () => {
    const slots = exportSlotsOf(t.ctx);
    // An export of the admin is running.
    const free = slots.take(admin.userId);
    const mine = await t.request({ method: 'GET', url: '/api/patients/csv', token: admin.token });
    expect(mine.statusCode).toBe(429);
    expect(mine.json()).toMatchObject({ code: 'EXPORT_IN_PROGRESS', statusCode: 429 });
    expect(mine.headers['retry-after']).toBe('30');
    // Another admin may export while the server has room…
    const theirs = await t.request({ method: 'GET', url: '/api/patients/json', token: other.token });
    expect(theirs.statusCode).toBe(200);
    // …and its slot is free again once its download ended.
    expect(slots.running()).toBe(1);
    // The server is full: a third user's export waits for a free slot.
    const freeOther = slots.take(other.userId);
    const third = await newAdmin(t);
    const busy = await t.request({ method: 'GET', url: '/api/patients/xls', token: third.token });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ code: 'EXPORTS_BUSY', statusCode: 503 });
    expect(busy.headers['retry-after']).toBe('30');
    free();
    free(); // Freeing twice frees once.
    freeOther();
    expect(slots.running()).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: '/api/patients/csv', token: admin.token })).statusCode,
    ).toBe(200);
    expect(slots.running()).toBe(0);
  });

  it('counts each user apart and the whole server', () => {
    const slots = createExportSlots(3, 2);
    const a1 = slots.take('a');
    slots.take('a');
    expect(() => slots.take('a')).toThrow(expect.objectContaining({ code: 'EXPORT_IN_PROGRESS' }));
    slots.take('b');
    expect(() => slots.take('c')).toThrow(expect.objectContaining({ code: 'EXPORTS_BUSY' }));
    a1();
    expect(() => slots.take('c')).not.toThrow();
  });

  it('ends an export whose client stops taking it, and not one that is read', async () => {
    const stalled: string[] = [];
    // A chunk per turn of the event loop, for ever: the timers still run.
    const endless = () =>
      new Readable({
        read() {
          setImmediate(() => this.push(Buffer.alloc(16 * 1024, 'x')));
        },
      });
    // Nobody reads: the buffers fill, nothing passes, the body is ended.
    const unread = stallWatchedBody(200, () => stalled.push('unread'));
    const sink = new PassThrough();
    const ended = pipeline(endless(), unread, sink);
    await expect(ended).rejects.toThrow(/took nothing for 200 ms/);
    expect(stalled).toEqual(['unread']);

    // Read steadily for longer than the limit: never ended.
    const read = stallWatchedBody(200, () => stalled.push('read'));
    const source = endless();
    let bytes = 0;
    const reader = new PassThrough();
    reader.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    const flowing = pipeline(source, read, reader);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(read.destroyed).toBe(false);
    source.destroy();
    await flowing.catch(() => undefined);
    expect(bytes).toBeGreaterThan(0);
    expect(stalled).toEqual(['unread']);
  });

  it('answers 408 and closes the connection of an upload that trickles in past REQUEST_TIMEOUT_MS', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    // The server closes the connection while bytes are still on their way: the reset (ECONNRESET or
    // EPIPE) that the trickle then meets is expected; the answer and the close are what is judged.
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    // A body the server waits for whole (a sign-in: anyone may send one), arriving a byte at a time.
    socket.write(
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"email":"',
    );
    // A byte every 100 ms: the body would take hours.
    const trickle = setInterval(() => {
      if (!socket.destroyed) {
        socket.write('x');
      }
    }, 100);
    const at = await closed;
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(at - started).toBeGreaterThanOrEqual(900);
    expect(at - started).toBeLessThan(5000);
  });
});
