import { availableParallelism } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { type Priority, semaphore } from '../../lib/concurrency.ts';

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

/**
 * What every PDF task's `handle` receives: the file, when there is one (it moves to the thread
 * rather than being cloned), and whatever else the task needs (cloned).
 */
export type WorkerInput = { bytes?: Uint8Array } & Record<string, unknown>;

/** Checks that need no parser, so an obviously bad input never reaches a worker. */
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

// A stream that inflates at about 1 GB/s gets at most ~20 MB past the cap between two looks.
const MEMORY_POLL_MS = 20;

/**
 * Tasks one thread runs before it is replaced: whatever documents leave behind in a thread (leaked
 * memory, module state a hostile file could reach) lives for at most this many documents.
 */
export const PDF_WORKER_MAX_TASKS = 100;

// The check after a task is one message round trip on an idle thread: a thread that cannot answer
// in this time is still running something the task left behind.
const CHECK_TIMEOUT_MS = 1000;

// V8 sizes each thread's young generation from the machine (192 MB here), on top of the cap. Node stops a thread
// at its cap by granting it 16 MB more; a scavenge that promotes more than that at once aborts the
// whole process instead (seen with a task hoarding objects). A small young generation keeps every
// promotion within that allowance, and the cap close to the thread's real heap.
const YOUNG_MB = 16;

const THREAD_SCRIPT = new URL('./pdf-thread.ts', import.meta.url);

/**
 * Host to pooled thread: a task, or after each task a check that the thread is idle and of the
 * memory it still holds. The thread answers a task with its reply, a check with its heap.
 */
export type ThreadRequest = { id: number; input: WorkerInput } | { id: number; check: true };
export type ThreadResponse =
  | { id: number; reply: WorkerReply<unknown> }
  | { id: number; heap: { used: number; external: number } };

type ThreadEvent =
  | { kind: 'message'; response: ThreadResponse }
  | { kind: 'error'; error: unknown }
  | { kind: 'exit'; code: number };

type PdfThread = {
  worker: Worker;
  task: string;
  maxMemoryMb: number;
  tasksRun: number;
  state: 'busy' | 'idle' | 'stopping';
  /** Receives the thread's events while a request is out. */
  listener: ((event: ThreadEvent) => void) | undefined;
};

const live = new Set<PdfThread>();
const idle = new Map<string, PdfThread[]>();
let started = 0;
let nextRequestId = 0;

/**
 * PDF threads at work: running a task or stopping after a failure or a recycle. Idle threads
 * waiting in the pool are not counted, so 0 means no PDF work is under way and every thread that
 * was condemned has exited. A gauge for metrics and tests.
 */
export function runningPdfWorkers(): number {
  let count = 0;
  for (const thread of live) if (thread.state !== 'idle') count++;
  return count;
}

/** PDF threads started since the process began: tests tell a reused thread from a new one by it. */
export function pdfWorkersStarted(): number {
  return started;
}

/** PDF threads that have not exited, idle ones included. */
export function livePdfWorkers(): number {
  return live.size;
}

/**
 * Terminates every PDF thread, idle or busy (a task under way comes back as 'crashed'), and
 * resolves when all have exited; later tasks start new threads. Idle threads never keep the process
 * alive, so this is only for a caller that wants them gone before it exits.
 */
export async function closePdfWorkers(): Promise<void> {
  await Promise.all([...live].map((thread) => stop(thread)));
}

/**
 * Runs one PDF task in a pooled worker thread: `task` is a module exporting
 * `handle(input): Promise<WorkerReply<T>>`, loaded once per thread (pdf-thread.ts runs it).
 * Threads are kept warm between documents, but a thread that timed out, ran out of memory, crashed
 * or did not answer the check after its task is terminated, never reused; so is one that has run
 * PDF_WORKER_MAX_TASKS tasks or holds more than half its memory cap after a task, and that one is
 * replaced at once by a new thread that waits idle once it has loaded the task. A hung parser is
 * stopped by terminating its thread, which no in-thread timeout could do.
 * A task of `'background'` priority waits until no other task does (lib/concurrency.ts semaphore).
 * Resolves with the task's reply, or a failure for a timeout, an out-of-memory or a crash.
 */
export async function runPdfWorker<T>(
  task: URL,
  input: WorkerInput,
  limits: PdfLimits,
  priority: Priority = 'normal',
): Promise<WorkerReply<T>> {
  // At most one PDF thread at work per core: a batch of alerts (or an ingest) must not start
  // dozens of parsers, each allowed its own memory cap, at once.
  await slots.acquire(priority);
  try {
    return await runTask<T>(task.href, input, limits);
  } finally {
    slots.release();
  }
}

/** PDF threads at work at once in a process: one per core. */
const PDF_SLOTS = Math.max(1, availableParallelism());
const slots = semaphore(PDF_SLOTS);

/**
 * Starts threads of `task` until `count` of them (one per core by default) wait idle under
 * `limits`, each having loaded the task: a new thread spends its first document loading the
 * task's modules (0.4 s and more), so a process that warms its threads at start answers its
 * first documents as fast as the rest. Resolves with the threads now waiting; a thread that
 * fails to start is stopped and not counted.
 */
export async function warmPdfWorkers(
  task: URL,
  limits: PdfLimits,
  count = PDF_SLOTS,
): Promise<number> {
  const waiting = (idle.get(task.href) ?? []).filter((t) => t.maxMemoryMb === limits.maxMemoryMb);
  const ready = await Promise.all(
    Array.from({ length: Math.max(0, count - waiting.length) }, () => startWarm(task.href, limits)),
  );
  return waiting.length + ready.filter(Boolean).length;
}

/**
 * A new thread of `task`, parked once it has loaded the task (it answers a check only then);
 * false, and the thread stopped, when it cannot start or load within the time limit.
 */
async function startWarm(task: string, limits: PdfLimits): Promise<boolean> {
  let thread: PdfThread;
  try {
    thread = spawn(task, limits.maxMemoryMb);
  } catch {
    return false;
  }
  const answer = await exchange(
    thread,
    { id: ++nextRequestId, check: true },
    [],
    limits,
    performance.now() + limits.timeoutMs,
  );
  if ('heap' in answer && thread.state === 'busy') {
    park(thread);
    return true;
  }
  void stop(thread);
  return false;
}

async function runTask<T>(
  task: string,
  input: WorkerInput,
  limits: PdfLimits,
): Promise<WorkerReply<T>> {
  const deadline = performance.now() + limits.timeoutMs;
  let thread: PdfThread;
  try {
    thread = checkout(task, limits.maxMemoryMb);
  } catch (err) {
    return {
      ok: false,
      reason: 'crashed',
      detail: `The PDF worker did not start: ${message(err)}`,
    };
  }

  // The caller keeps its bytes: the thread gets a copy whose buffer moves rather than being cloned.
  const bytes = input.bytes?.slice();
  const answer = await exchange(
    thread,
    { id: ++nextRequestId, input: bytes ? { ...input, bytes } : input },
    bytes ? [bytes.buffer] : [],
    limits,
    deadline,
  );
  if (!('reply' in answer)) {
    void stop(thread);
    return 'heap' in answer ? crashed('answered a task with its heap') : answer;
  }
  thread.tasksRun++;

  const check = await exchange(
    thread,
    { id: ++nextRequestId, check: true },
    [],
    limits,
    Math.min(deadline, performance.now() + CHECK_TIMEOUT_MS),
  );
  if ('heap' in check && thread.state === 'busy') {
    if (reusable(thread, check.heap, limits)) park(thread);
    else {
      // Retired after a task it finished well (its count, or the memory it holds): its
      // successor loads the task now rather than during the next document.
      void stop(thread);
      void startWarm(task, limits);
    }
  } else {
    void stop(thread);
  }
  return answer.reply as WorkerReply<T>;
}

function reusable(
  thread: PdfThread,
  heap: { used: number; external: number },
  limits: PdfLimits,
): boolean {
  // Every document then gets at least half the cap, whatever the thread ran before. The heap's
  // used size counts garbage too, so this errs towards a new thread.
  const half = (limits.maxMemoryMb * 1024 * 1024) / 2;
  return thread.tasksRun < PDF_WORKER_MAX_TASKS && heap.used <= half && heap.external <= half;
}

/**
 * Sends one request and waits for its answer under the time limit, the memory watchdog and the
 * thread's error and exit events. A failure leaves the thread to the caller to stop.
 */
function exchange(
  thread: PdfThread,
  request: ThreadRequest,
  transfer: ArrayBuffer[],
  limits: PdfLimits,
  deadline: number,
): Promise<ThreadResponse | WorkerFailure> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: ThreadResponse | WorkerFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      thread.listener = undefined;
      resolve(answer);
    };
    const outOfMemory = (): WorkerFailure => ({
      ok: false,
      reason: 'out-of-memory',
      detail: `Reading the PDF needed more than ${limits.maxMemoryMb} MB`,
    });

    // Timers count from the event loop's cached clock and can fire a little early: the limit is
    // only declared once it has truly passed.
    const expire = () => {
      const left = deadline - performance.now();
      if (left > 0) {
        timer = setTimeout(expire, Math.ceil(left));
        return;
      }
      settle({
        ok: false,
        reason: 'timeout',
        detail: `Reading the PDF took longer than ${limits.timeoutMs} ms`,
      });
    };
    let timer = setTimeout(expire, Math.ceil(deadline - performance.now()));

    // resourceLimits bounds only the V8 heap: a decompression bomb fills array buffers outside it,
    // so their size is read from outside the thread, which works while the worker is busy. The
    // heap is left to V8, whose used size counts garbage it would still collect before its cap.
    const capBytes = limits.maxMemoryMb * 1024 * 1024;
    const watchdog = setInterval(() => {
      thread.worker.getHeapStatistics().then(
        (heap) => {
          if (heap.external_memory > capBytes) settle(outOfMemory());
        },
        () => {}, // the worker has already stopped; its exit is handled below
      );
    }, MEMORY_POLL_MS);

    thread.listener = (event) => {
      if (event.kind === 'message') {
        if (event.response.id === request.id) settle(event.response);
      } else if (event.kind === 'error') {
        const code = (event.error as { code?: unknown } | null)?.code;
        settle(
          code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? outOfMemory()
            : crashed(`failed: ${message(event.error)}`),
        );
      } else {
        settle(crashed(`exited with code ${event.code} before replying`));
      }
    };

    try {
      thread.worker.postMessage(request, transfer);
    } catch (err) {
      settle(crashed(`could not be sent the document: ${message(err)}`));
    }
  });
}

function crashed(what: string): WorkerFailure {
  return { ok: false, reason: 'crashed', detail: `The PDF worker ${what}` };
}

/** An idle thread of this task with this memory cap, or a new one. */
function checkout(task: string, maxMemoryMb: number): PdfThread {
  const parked = idle.get(task) ?? [];
  // The one parked last: the others stay idle, rather than each doing a share of the work.
  const warm = parked.findLast((thread) => thread.maxMemoryMb === maxMemoryMb);
  if (warm) {
    unpark(warm);
    warm.state = 'busy';
    warm.worker.ref();
    return warm;
  }
  // A thread's cap is fixed when it starts. Retiring an idle thread of another cap keeps each task
  // at no more threads than cores.
  if (parked[0]) void stop(parked[0]);
  return spawn(task, maxMemoryMb);
}

/** How every PDF thread starts: the task module it loads, its memory caps, its environment. */
export function pdfThreadOptions(task: string, maxMemoryMb: number): WorkerOptions {
  return {
    workerData: { task },
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: YOUNG_MB },
    // A thread parses files from outside: a parser flaw a hostile file can steer must find no
    // secret in process.env (SESSION_SECRET, DATABASE_URL, POSTMARK_SERVER_TOKEN). Without this a
    // thread starts with a copy of the process's environment; nothing a task runs reads it.
    env: {},
  };
}

function spawn(task: string, maxMemoryMb: number): PdfThread {
  const worker = new Worker(THREAD_SCRIPT, pdfThreadOptions(task, maxMemoryMb));
  started++;
  const thread: PdfThread = {
    worker,
    task,
    maxMemoryMb,
    tasksRun: 0,
    state: 'busy',
    listener: undefined,
  };
  live.add(thread);
  worker.on('message', (response: ThreadResponse) => {
    thread.listener?.({ kind: 'message', response });
  });
  worker.on('error', (error: unknown) => {
    if (thread.listener) thread.listener({ kind: 'error', error });
    else void stop(thread); // an idle thread: whatever broke it, it is not handed out again
  });
  worker.on('exit', (code: number) => {
    unpark(thread);
    thread.state = 'stopping';
    live.delete(thread);
    thread.listener?.({ kind: 'exit', code });
  });
  return thread;
}

/** Idle threads wait unreferenced, so they never keep the process alive. */
function park(thread: PdfThread): void {
  thread.state = 'idle';
  thread.worker.unref();
  const parked = idle.get(thread.task);
  if (parked) parked.push(thread);
  else idle.set(thread.task, [thread]);
}

function unpark(thread: PdfThread): void {
  const parked = idle.get(thread.task);
  const at = parked?.indexOf(thread) ?? -1;
  if (parked && at >= 0) parked.splice(at, 1);
}

function stop(thread: PdfThread): Promise<number> {
  unpark(thread);
  thread.state = 'stopping';
  return thread.worker.terminate();
}

export function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
