import { availableParallelism } from 'node:os';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  closePdfWorkers,
  DEFAULT_PDF_LIMITS,
  livePdfWorkers,
  PDF_WORKER_MAX_TASKS,
  pdfThreadOptions,
  pdfWorkersStarted,
  resolveLimits,
  runningPdfWorkers,
  runPdfWorker,
  warmPdfWorkers,
} from './pdf-worker.ts';
import type { PdfLimits, WorkerReply } from './pdf-worker.ts';

const LIMITS = { ...DEFAULT_PDF_LIMITS, timeoutMs: 2000 };

/** A task module, as pooled threads load it: its `handle` gets the input and returns the reply. */
function task(body: string): URL {
  return new URL(
    `data:text/javascript,${encodeURIComponent(
      `import { threadId } from 'node:worker_threads';\n${body}`,
    )}`,
  );
}

// One module whose input says how to behave, so every case runs in the same pool.
const MODES = task(`
  const held = [];
  export async function handle({ bytes, mode }) {
    switch (mode) {
      case 'spin':
        for (;;) {}
      case 'heap':
        for (;;) held.push({ n: held.length, s: String(held.length) });
      case 'buffers':
        for (;;) {
          held.push(new Uint8Array(4 << 20).fill(1));
          const until = Date.now() + 2;
          while (Date.now() < until);
        }
      case 'throw':
        throw new Error('parser bug');
      case 'exit':
        process.exit(3);
      case 'keep-heap':
        held.push(new Array(5_000_000).fill(0));
        break;
      case 'keep-buffers':
        held.push(new Uint8Array(40 << 20));
        break;
      case 'linger':
        setImmediate(() => { for (;;) {} });
        break;
    }
    return { ok: true, sum: bytes.reduce((a, b) => a + b, 0), threadId };
  }
`);

type Sum = { sum: number; threadId: number };

const input = { bytes: new Uint8Array([1, 2, 3]) };

function run(mode: string, limits: PdfLimits = LIMITS): Promise<WorkerReply<Sum>> {
  return runPdfWorker<Sum>(MODES, { ...input, mode }, limits);
}

async function threadOf(mode: string, limits: PdfLimits = LIMITS): Promise<number> {
  const reply = await run(mode, limits);
  if (!reply.ok) throw new Error(`expected a reply, got ${reply.detail}`);
  expect(reply.sum).toBe(6);
  return reply.threadId;
}

async function expectNoWorkerLeft() {
  await vi.waitFor(() => expect(runningPdfWorkers()).toBe(0), { timeout: 5000 });
}

describe('runPdfWorker', { timeout: 15_000 }, () => {
  afterEach(expectNoWorkerLeft);
  afterAll(closePdfWorkers);

  it('passes the thread a copy of the bytes and resolves with its reply', async () => {
    const reply = await run('sum');
    expect(reply).toMatchObject({ ok: true, sum: 6 });
    expect(input.bytes).toEqual(new Uint8Array([1, 2, 3]));
    expect(runningPdfWorkers()).toBe(0);
  });

  it("starts threads with an empty environment: none of the process's secrets", async () => {
    const secrets = { SESSION_SECRET: 'x'.repeat(48), POSTMARK_SERVER_TOKEN: 'token-0000' };
    const saved = { ...process.env };
    Object.assign(process.env, secrets);
    try {
      // A new thread, so it starts after the secrets are set, as a server's threads do.
      await closePdfWorkers();
      // Names only: were the test to fail, its report would not print a value.
      const reply = await runPdfWorker<{ keys: string[] }>(
        task(
          'export async function handle() { return { ok: true, keys: Object.keys(process.env) }; }',
        ),
        input,
        LIMITS,
      );
      expect(reply).toEqual({ ok: true, keys: [] });
      expect(pdfThreadOptions(MODES.href, 64).env).toEqual({});
    } finally {
      for (const name of Object.keys(secrets)) {
        if (name in saved) process.env[name] = saved[name];
        else delete process.env[name];
      }
    }
  });

  it('runs the next task on the same warm thread, started once', async () => {
    const first = await threadOf('sum');
    const started = pdfWorkersStarted();
    expect(await threadOf('sum')).toBe(first);
    expect(await threadOf('sum')).toBe(first);
    expect(pdfWorkersStarted()).toBe(started);
    expect(livePdfWorkers()).toBeGreaterThan(0);
  });

  it('answers a task module that throws as it loads as crashed', async () => {
    expect(await runPdfWorker(task("throw new Error('broken module');"), input, LIMITS)).toEqual({
      ok: false,
      reason: 'crashed',
      detail: 'The PDF worker failed: broken module',
    });
    expect(await runPdfWorker(task('export const x = 1;'), input, LIMITS)).toMatchObject({
      ok: false,
      reason: 'crashed',
      detail: expect.stringContaining('does not export a handle function'),
    });
  });

  // Each failure runs on a warm thread, which is then terminated: the next task gets a new one.
  it.each([
    [
      'a task that never replies',
      'spin',
      { ...LIMITS, timeoutMs: 300 },
      { reason: 'timeout', detail: 'Reading the PDF took longer than 300 ms' },
    ],
    [
      'a task that throws',
      'throw',
      LIMITS,
      { reason: 'crashed', detail: 'The PDF worker failed: parser bug' },
    ],
    [
      'a task that exits its thread',
      'exit',
      LIMITS,
      { reason: 'crashed', detail: 'The PDF worker exited with code 3 before replying' },
    ],
    [
      'array buffers over the cap while the heap stays small',
      'buffers',
      { ...LIMITS, maxMemoryMb: 64 },
      { reason: 'out-of-memory', detail: 'Reading the PDF needed more than 64 MB' },
    ],
    [
      'a heap over its cap',
      'heap',
      { ...LIMITS, maxMemoryMb: 48, timeoutMs: 10_000 },
      { reason: 'out-of-memory', detail: 'Reading the PDF needed more than 48 MB' },
    ],
  ] as const)(
    'stops %s, and the next task runs on a new thread',
    async (_name, mode, limits, failure) => {
      const warm = await threadOf('sum', limits);
      const started = pdfWorkersStarted();

      expect(await run(mode, limits)).toEqual({ ok: false, ...failure });
      expect(pdfWorkersStarted()).toBe(started); // the failure happened on the warm thread

      expect(await threadOf('sum', limits)).not.toBe(warm);
      expect(pdfWorkersStarted()).toBe(started + 1);
    },
  );

  it('returns the reply of a task that leaves work running, then retires its thread', async () => {
    const lingering = await run('linger');
    expect(lingering).toMatchObject({ ok: true, sum: 6 });
    await expectNoWorkerLeft(); // the spinning thread was terminated
    expect(await threadOf('sum')).not.toBe(lingering.ok && lingering.threadId);
  });

  it(`replaces a thread after ${PDF_WORKER_MAX_TASKS} tasks, at once, by one that waits warm`, async () => {
    await closePdfWorkers();
    const started = pdfWorkersStarted();
    const first = await threadOf('sum');
    for (let i = 2; i < PDF_WORKER_MAX_TASKS; i++) expect(await threadOf('sum')).toBe(first);
    expect(pdfWorkersStarted()).toBe(started + 1);

    // The last task of the first thread: its successor starts before any task asks for it, and
    // waits idle once it has loaded the task.
    expect(await threadOf('sum')).toBe(first);
    expect(pdfWorkersStarted()).toBe(started + 2);
    await expectNoWorkerLeft();
    expect(livePdfWorkers()).toBe(1);
    const next = await threadOf('sum');
    expect(next).not.toBe(first);
    expect(pdfWorkersStarted()).toBe(started + 2);
  });

  it('warms threads ahead of the first tasks: as many as asked, each started once', async () => {
    await closePdfWorkers();
    // As many as may be at work at once (one per core), up to two.
    const n = Math.min(2, Math.max(1, availableParallelism()));
    const started = pdfWorkersStarted();
    expect(await warmPdfWorkers(MODES, LIMITS, n)).toBe(n);
    expect(pdfWorkersStarted()).toBe(started + n);
    expect(livePdfWorkers()).toBe(n);
    expect(runningPdfWorkers()).toBe(0);

    // Warm again: the threads waiting count, none is started.
    expect(await warmPdfWorkers(MODES, LIMITS, n)).toBe(n);
    expect(pdfWorkersStarted()).toBe(started + n);

    // Tasks at once find a warm thread each.
    const threads = await Promise.all(Array.from({ length: n }, () => threadOf('sum')));
    expect(new Set(threads).size).toBe(n);
    expect(pdfWorkersStarted()).toBe(started + n);
  });

  it('stops a thread warmed for a task module that cannot load, and does not count it', async () => {
    const started = pdfWorkersStarted();
    expect(await warmPdfWorkers(task("throw new Error('broken module');"), LIMITS, 1)).toBe(0);
    expect(pdfWorkersStarted()).toBe(started + 1);
    await expectNoWorkerLeft();
  });

  it.each([
    ['heap', 'keep-heap'],
    ['array buffers', 'keep-buffers'],
  ])('replaces a thread left holding more than half its cap in %s', async (_name, mode) => {
    const limits = { ...LIMITS, maxMemoryMb: 64 };
    const warm = await threadOf('sum', limits);
    expect(await threadOf('sum', limits)).toBe(warm); // a thread holding little is kept
    expect(await threadOf(mode, limits)).toBe(warm);
    expect(await threadOf('sum', limits)).not.toBe(warm);
  });

  it('gives a task with another memory cap its own thread and retires the idle one', async () => {
    await closePdfWorkers();
    const small = await threadOf('sum', { ...LIMITS, maxMemoryMb: 64 });
    expect(livePdfWorkers()).toBe(1);
    expect(await threadOf('sum', { ...LIMITS, maxMemoryMb: 128 })).not.toBe(small);
    await vi.waitFor(() => expect(livePdfWorkers()).toBe(1));
  });

  it('keeps at most one thread per core at work, and one per core in the pool', async () => {
    await closePdfWorkers();
    const cores = Math.max(1, availableParallelism());
    const counters = new Int32Array(new SharedArrayBuffer(8)); // [at work now, most at once]
    const together = Math.min(cores, 2);
    // Each task stays at work until `together` have been at work at once (or 1.5 s went by, within the 2 s limit), so
    // the overlap is there however slowly a loaded machine starts the threads.
    const overlapping = task(`
      export async function handle({ counters, together }) {
        const now = Atomics.add(counters, 0, 1) + 1;
        let most = Atomics.load(counters, 1);
        while (now > most) most = Atomics.compareExchange(counters, 1, most, now);
        const until = Date.now() + 1500;
        while (Atomics.load(counters, 1) < together && Date.now() < until);
        Atomics.sub(counters, 0, 1);
        return { ok: true };
      }
    `);
    const replies = await Promise.all(
      Array.from({ length: cores * 3 }, () =>
        runPdfWorker(overlapping, { ...input, counters, together }, LIMITS),
      ),
    );
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(counters[1]).toBeGreaterThanOrEqual(together);
    expect(counters[1]).toBeLessThanOrEqual(cores);
    expect(livePdfWorkers()).toBeLessThanOrEqual(cores);
  });

  it('closes the pool: idle threads exit, a task under way comes back crashed', async () => {
    await threadOf('sum');
    expect(livePdfWorkers()).toBeGreaterThan(0);
    const hung = run('spin', { ...LIMITS, timeoutMs: 10_000 });
    await vi.waitFor(() => expect(runningPdfWorkers()).toBe(1));
    await closePdfWorkers();
    expect(livePdfWorkers()).toBe(0);
    expect(await hung).toMatchObject({ ok: false, reason: 'crashed' });
    expect(await run('sum')).toMatchObject({ ok: true, sum: 6 });
  });
});

describe('resolveLimits', () => {
  it('fills in defaults and refuses limits that are not positive numbers', () => {
    expect(resolveLimits({ maxPages: 3 })).toEqual({ ...DEFAULT_PDF_LIMITS, maxPages: 3 });
    expect(() => resolveLimits({ timeoutMs: 0 })).toThrow("PDF limit 'timeoutMs'");
    expect(() => resolveLimits({ maxMemoryMb: Number.NaN })).toThrow(RangeError);
  });
});
