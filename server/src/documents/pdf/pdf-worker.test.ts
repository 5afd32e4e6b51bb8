import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PDF_LIMITS,
  resolveLimits,
  runningPdfWorkers,
  runPdfWorker,
} from './pdf-worker.ts';

const LIMITS = { ...DEFAULT_PDF_LIMITS, timeoutMs: 2000 };

function script(body: string): URL {
  return new URL(
    `data:text/javascript,${encodeURIComponent(
      `import { parentPort, workerData } from 'node:worker_threads';\n${body}`,
    )}`,
  );
}

const input = { bytes: new Uint8Array([1, 2, 3]) };

async function expectNoWorkerLeft() {
  await vi.waitFor(() => expect(runningPdfWorkers()).toBe(0), { timeout: 5000 });
}

describe('runPdfWorker', { timeout: 15_000 }, () => {
  afterEach(expectNoWorkerLeft);

  it('passes the worker a copy of the bytes and resolves with its reply', async () => {
    const reply = await runPdfWorker<{ sum: number }>(
      script(
        'parentPort.postMessage({ ok: true, sum: workerData.bytes.reduce((a, b) => a + b, 0) });',
      ),
      input,
      LIMITS,
    );
    expect(reply).toEqual({ ok: true, sum: 6 });
    expect(input.bytes).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('terminates a worker that replies and then keeps spinning', async () => {
    const reply = await runPdfWorker(
      script('parentPort.postMessage({ ok: true }); for (;;) {}'),
      input,
      LIMITS,
    );
    expect(reply).toEqual({ ok: true });
    await expectNoWorkerLeft();
  });

  it('times out a worker that never replies', async () => {
    const started = performance.now();
    const reply = await runPdfWorker(script('for (;;) {}'), input, { ...LIMITS, timeoutMs: 300 });
    expect(reply).toEqual({
      ok: false,
      reason: 'timeout',
      detail: 'Reading the PDF took longer than 300 ms',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('reports a worker that throws or exits without replying as crashed', async () => {
    expect(await runPdfWorker(script("throw new Error('parser bug');"), input, LIMITS)).toEqual({
      ok: false,
      reason: 'crashed',
      detail: 'The PDF worker failed: parser bug',
    });
    expect(await runPdfWorker(script('process.exit(3);'), input, LIMITS)).toEqual({
      ok: false,
      reason: 'crashed',
      detail: 'The PDF worker exited with code 3 before replying',
    });
  });

  it('stops a worker whose array buffers outgrow the cap while its heap stays small', async () => {
    const reply = await runPdfWorker(
      script(`
        const held = [];
        for (;;) {
          held.push(new Uint8Array(4 << 20).fill(1));
          const until = Date.now() + 2;
          while (Date.now() < until);
        }
      `),
      input,
      { ...LIMITS, maxMemoryMb: 64 },
    );
    expect(reply).toEqual({
      ok: false,
      reason: 'out-of-memory',
      detail: 'Reading the PDF needed more than 64 MB',
    });
  });

  it('reports a worker over its heap cap as out of memory', async () => {
    const reply = await runPdfWorker(
      script(
        'const hoard = []; for (;;) hoard.push({ n: hoard.length, s: String(hoard.length) });',
      ),
      input,
      { ...LIMITS, maxMemoryMb: 16 },
    );
    expect(reply).toEqual({
      ok: false,
      reason: 'out-of-memory',
      detail: 'Reading the PDF needed more than 16 MB',
    });
  });
});

describe('resolveLimits', () => {
  it('fills in defaults and refuses limits that are not positive numbers', () => {
    expect(resolveLimits({ maxPages: 3 })).toEqual({ ...DEFAULT_PDF_LIMITS, maxPages: 3 });
    expect(() => resolveLimits({ timeoutMs: 0 })).toThrow("PDF limit 'timeoutMs'");
    expect(() => resolveLimits({ maxMemoryMb: Number.NaN })).toThrow(RangeError);
  });
});
