/**
 * A progress bar for command-line scripts, on stderr by default so stdout stays for results.
 * On a terminal it redraws one line, at most 10 times a second:
 *   label [#########...........] 45% 12,345/27,000 3.2s
 * Elsewhere (a log file, CI) it writes a plain line at each 10 % step (every 10 s when the
 * total is unknown), and always one at the end.
 */

export type ProgressStream = {
  write(chunk: string): unknown;
  isTTY?: boolean;
};

export type ProgressOptions = {
  label: string;
  /** Units expected; without it the bar shows the count and the time only. */
  total?: number;
  stream?: ProgressStream;
  /** Milliseconds; replaceable so tests control time. */
  now?: () => number;
};

export type Progress = {
  /** Adds `n` (default 1) units done. */
  tick(n?: number): void;
  /** Draws the final state and ends the line. Further calls do nothing. */
  done(): void;
};

const BAR_WIDTH = 20;
const REDRAW_MS = 100;
const PLAIN_EVERY_MS = 10_000;

const count = (n: number) => Math.round(n).toLocaleString('en-US');

export function createProgress(options: ProgressOptions): Progress {
  const { label, total } = options;
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const tty = stream.isTTY === true;
  const started = now();
  let value = 0;
  let lastDraw = -Infinity;
  let lastPlain = started;
  let lastStep = 0;
  let finished = false;

  const known = total !== undefined && total > 0;
  const fraction = () => (known ? Math.min(1, value / total) : 0);
  const elapsed = () => `${((now() - started) / 1000).toFixed(1)}s`;

  function text(): string {
    if (!known) return `${label} ${count(value)} ${elapsed()}`;
    const f = fraction();
    const filled = Math.floor(f * BAR_WIDTH);
    const bar = '#'.repeat(filled) + '.'.repeat(BAR_WIDTH - filled);
    return `${label} [${bar}] ${Math.floor(f * 100)}% ${count(value)}/${count(total)} ${elapsed()}`;
  }

  function draw(final: boolean) {
    const t = now();
    if (tty) {
      if (!final && t - lastDraw < REDRAW_MS) return;
      lastDraw = t;
      // \x1b[K clears what a longer previous line left to the right.
      stream.write(`\r${text()}\x1b[K${final ? '\n' : ''}`);
      return;
    }
    if (final) {
      stream.write(`${text()}\n`);
      return;
    }
    if (known) {
      // 100 % is left to done(), which always writes the last line.
      const step = Math.floor(fraction() * 10);
      if (step <= lastStep || step >= 10) return;
      lastStep = step;
    } else {
      if (t - lastPlain < PLAIN_EVERY_MS) return;
      lastPlain = t;
    }
    stream.write(`${text()}\n`);
  }

  return {
    tick(n = 1) {
      if (finished) return;
      value += n;
      draw(false);
    },
    done() {
      if (finished) return;
      finished = true;
      draw(true);
    },
  };
}
