import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadRequest, ThreadResponse, WorkerInput, WorkerReply } from './pdf-worker.ts';

/*
 * What every pooled PDF thread runs (started by pdf-worker.ts): it loads the task module named in
 * `workerData.task` once, then answers one request at a time — a task `{ id, input }` with
 * `{ id, reply }`, the check after it with the heap the thread still holds.
 */

type Handle = (input: WorkerInput) => Promise<WorkerReply<unknown>>;

const port = parentPort;
if (!port) throw new Error('pdf-thread.ts runs only as a worker thread');
const { task } = workerData as { task: string };
const { handle } = (await import(task)) as { handle?: Handle };
if (typeof handle !== 'function') throw new Error(`${task} does not export a handle function`);

port.on('message', (request: ThreadRequest) => {
  if ('check' in request) {
    // Answered on a later turn of the event loop, behind whatever work the task queued on its way
    // out: a thread stuck in such work never answers, and the host replaces it.
    setImmediate(() => {
      const heap = getHeapStatistics();
      const response: ThreadResponse = {
        id: request.id,
        heap: { used: heap.used_heap_size, external: heap.external_memory },
      };
      port.postMessage(response);
    });
    return;
  }
  handle(request.input).then(
    (reply) => {
      const response: ThreadResponse = { id: request.id, reply };
      port.postMessage(response, transferable(reply));
    },
    (err: unknown) => {
      // A task that throws has failed in a way its reply cannot say: the thread ends with the
      // error, which the host reports as a crash.
      process.nextTick(() => {
        throw err;
      });
    },
  );
});

/** The reply's byte arrays move to the host rather than being copied; a task must not keep them. */
function transferable(reply: WorkerReply<unknown>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const value of Object.values(reply)) {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
  }
  return [...buffers];
}
