import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Why a PDF could not be read. `empty`: no bytes or no pages; `too-large`: over `maxBytes`;
 * `encrypted`: needs a password (or, for pdf-lib, is encrypted at all); `corrupt`: the parser gave
 * up; `timeout` and `out-of-memory`: the worker hit a limit and was stopped; `crashed`: the worker
 * died some other way.
 */
export type PdfProblemReason =
  'empty' | 'too-large' | 'encrypted' | 'corrupt' | 'timeout' | 'out-of-memory' | 'crashed';

export class PdfProblem extends Error {
  readonly reason: PdfProblemReason;

  constructor(reason: PdfProblemReason, message: string) {
    super(message);
    this.name = 'PdfProblem';
    this.reason = reason;
  }
}

export type PdfLimits = {
  /** Wall time for one document, worker start-up included. */
  timeoutMs: number;
  /**
   * Caps the worker's V8 heap, and separately its array buffers (the input copy, decoded streams),
   * which a watchdog samples every 20 ms.
   */
  maxMemoryMb: number;
  /** Pages whose text is read; later pages are counted but not read. */
  maxPages: number;
  /** Larger inputs are refused before a worker starts. */
  maxBytes: number;
};

export const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = Object.freeze({
  timeoutMs: 15_000,
  maxMemoryMb: 256,
  maxPages: 50,
  maxBytes: 50 * 1024 * 1024,
});

export function resolveLimits(limits: Partial<PdfLimits> | undefined): PdfLimits {
  const merged = { ...DEFAULT_PDF_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`PDF limit '${name}' must be a positive number, got ${value}`);
    }
  }
  return merged;
}

export type WorkerFailure = { ok: false; reason: PdfProblemReason; detail: string };
export type WorkerReply<T> = ({ ok: true } & T) | WorkerFailure;

/** What every PDF worker receives as `workerData`. */
export type WorkerInput = { bytes: Uint8Array } & Record<string, unknown>;

/** Checks that need no parser, so an obviously bad input never costs a worker start. */
export function precheck(bytes: Uint8Array, limits: PdfLimits): WorkerFailure | undefined {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty', detail: 'The file is empty' };
  if (bytes.byteLength > limits.maxBytes) {
    return {
      ok: false,
      reason: 'too-large',
      detail: `The file has ${bytes.byteLength} bytes; the limit is ${limits.maxBytes}`,
    };
  }
  return undefined;
}

let running = 0;

// A stream that inflates at about 1 GB/s gets at most ~20 MB past the cap between two looks.
const MEMORY_POLL_MS = 20;

/** Worker threads started for PDFs that have not exited yet: a gauge for metrics and tests. */
export function runningPdfWorkers(): number {
  return running;
}

/**
 * Runs one PDF task in a fresh worker thread and always terminates it. A fresh worker per document
 * means a hostile file cannot leave state or leaked memory behind for the next one, and a hung
 * parser is stopped by terminating the thread, which no in-thread timeout could do.
 * Resolves with the worker's reply, or a failure for a timeout, an out-of-memory or a crash.
 */
export async function runPdfWorker<T>(
  script: URL,
  input: WorkerInput,
  limits: PdfLimits,
): Promise<WorkerReply<T>> {
  // At most one PDF thread per core: a batch of alerts (or an ingest) must not start dozens of
  // parsers, each allowed its own memory cap, at once.
  await slots.acquire();
  try {
    return await runInWorker<T>(script, input, limits);
  } finally {
    slots.release();
  }
}

/** A counting semaphore: `acquire` waits while `max` holders are in. */
function semaphore(max: number) {
  let holders = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (holders < max) {
        holders++;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else holders--;
    },
  };
}
const slots = semaphore(Math.max(1, availableParallelism()));

function runInWorker<T>(
  script: URL,
  input: WorkerInput,
  limits: PdfLimits,
): Promise<WorkerReply<T>> {
  // The caller keeps its bytes: the worker gets a copy whose buffer moves rather than being cloned.
  const bytes = input.bytes.slice();
  const workerData: WorkerInput = { ...input, bytes };

  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(script, {
        workerData,
        transferList: [bytes.buffer],
        resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
      });
    } catch (err) {
      resolve({
        ok: false,
        reason: 'crashed',
        detail: `The PDF worker did not start: ${message(err)}`,
      });
      return;
    }
    running++;
    worker.once('exit', () => running--);

    let settled = false;
    const settle = (reply: WorkerReply<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      resolve(reply);
      void worker.terminate();
    };
    const outOfMemory = (): WorkerFailure => ({
      ok: false,
      reason: 'out-of-memory',
      detail: `Reading the PDF needed more than ${limits.maxMemoryMb} MB`,
    });

    const timer = setTimeout(() => {
      settle({
        ok: false,
        reason: 'timeout',
        detail: `Reading the PDF took longer than ${limits.timeoutMs} ms`,
      });
    }, limits.timeoutMs);

    // resourceLimits bounds only the V8 heap: a decompression bomb fills array buffers outside it,
    // so their size is read from outside the thread, which works while the worker is busy. The
    // heap is left to V8, whose used size counts garbage it would still collect before its cap.
    const capBytes = limits.maxMemoryMb * 1024 * 1024;
    const watchdog = setInterval(() => {
      worker.getHeapStatistics().then(
        (heap) => {
          if (heap.external_memory > capBytes) settle(outOfMemory());
        },
        () => {}, // the worker has already stopped; its exit is handled below
      );
    }, MEMORY_POLL_MS);

    worker.once('message', (reply: WorkerReply<T>) => settle(reply));
    worker.once('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        settle(outOfMemory());
      } else {
        settle({ ok: false, reason: 'crashed', detail: `The PDF worker failed: ${message(err)}` });
      }
    });
    worker.once('exit', (code) => {
      settle({
        ok: false,
        reason: 'crashed',
        detail: `The PDF worker exited with code ${code} before replying`,
      });
    });
  });
}

export function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
