import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.ts';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (s: string) => writes.push(s) };
}

function fakeClock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createProgress on a terminal', () => {
  it('redraws one line with bar, percentage, counts and time', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const bar = createProgress({ label: 'Reading SAC', total: 27_000, stream, now: clock.now });
    clock.advance(3_200);
    bar.tick(12_150);
    expect(stream.writes).toEqual([
      '\rReading SAC [#########...........] 45% 12,150/27,000 3.2s\x1b[K',
    ]);
  });

  it('draws at most 10 times a second, and always the final state', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const bar = createProgress({ label: 'x', total: 100, stream, now: clock.now });
    bar.tick(1); // drawn: the first
    clock.advance(50);
    bar.tick(1); // within 100 ms of the last draw
    clock.advance(49);
    bar.tick(1);
    clock.advance(1);
    bar.tick(1); // 100 ms after the first draw
    for (let i = 0; i < 10; i++) bar.tick(1);
    expect(stream.writes).toHaveLength(2);
    expect(stream.writes[1]).toContain(' 4% 4/100 ');
    bar.tick(86);
    bar.done();
    expect(stream.writes).toHaveLength(3);
    expect(stream.writes[2]).toBe('\rx [####################] 100% 100/100 0.1s\x1b[K\n');
  });

  it('ignores ticks and a second done() after done()', () => {
    const stream = fakeStream(true);
    const bar = createProgress({ label: 'x', total: 10, stream, now: fakeClock().now });
    bar.done();
    bar.tick(5);
    bar.done();
    expect(stream.writes).toEqual(['\rx [....................] 0% 0/10 0.0s\x1b[K\n']);
  });

  it('shows the count and time alone when the total is unknown, and caps the bar at 100 %', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const open = createProgress({ label: 'rows', stream, now: clock.now });
    clock.advance(500);
    open.tick(1_234_567);
    expect(stream.writes.at(-1)).toBe('\rrows 1,234,567 0.5s\x1b[K');

    const over = createProgress({ label: 'x', total: 10, stream, now: clock.now });
    over.tick(15);
    expect(stream.writes.at(-1)).toContain('[####################] 100% 15/10');
  });
});

describe('createProgress elsewhere (a log, CI)', () => {
  it('writes a plain line at each 10 % step and one at the end', () => {
    const stream = fakeStream(false);
    const clock = fakeClock();
    const bar = createProgress({ label: 'bytes', total: 1_000, stream, now: clock.now });
    for (let i = 0; i < 100; i++) {
      clock.advance(10);
      bar.tick(10);
    }
    bar.done();
    expect(stream.writes.map((w) => w.split(' ')[2])).toEqual([
      '10%',
      '20%',
      '30%',
      '40%',
      '50%',
      '60%',
      '70%',
      '80%',
      '90%',
      '100%',
    ]);
    expect(stream.writes.every((w) => w.endsWith('\n') && !w.includes('\r'))).toBe(true);
    expect(stream.writes[0]).toBe('bytes [##..................] 10% 100/1,000 0.1s\n');
  });

  it('writes one line for a jump over several steps', () => {
    const stream = fakeStream(false);
    const bar = createProgress({ label: 'x', total: 100, stream, now: fakeClock().now });
    bar.tick(55);
    bar.tick(1);
    expect(stream.writes).toHaveLength(1);
    expect(stream.writes[0]).toContain(' 55% ');
  });

  it('writes every 10 seconds when the total is unknown', () => {
    const stream = fakeStream(false);
    const clock = fakeClock();
    const bar = createProgress({ label: 'rows', stream, now: clock.now });
    clock.advance(9_999);
    bar.tick(1);
    expect(stream.writes).toEqual([]);
    clock.advance(1);
    bar.tick(1);
    clock.advance(5_000);
    bar.tick(1);
    bar.done();
    expect(stream.writes).toEqual(['rows 2 10.0s\n', 'rows 3 15.0s\n']);
  });
});
