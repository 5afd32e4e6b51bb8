/** mulberry32: a small, fast, seeded PRNG. The same seed gives the same sequence everywhere. */
export type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** Picks with a Zipf-like bias towards the front of the list, as real name frequencies are. */
  pickSkewed: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const pickSkewed = <T>(items: readonly T[]): T =>
    items[Math.floor(items.length * next() ** 2.2)] as T;
  return { next, int, pick, pickSkewed, chance: (p) => next() < p };
}
