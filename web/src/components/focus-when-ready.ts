import { useCallback, useEffect, useReducer, useRef } from 'react';

type Find = () => HTMLElement | null | undefined;

/**
 * Moves focus on, for when the button that had it goes away or turns disabled with what it did
 * (an item removed, an answer given, a save under way), so focus does not fall to the page.
 * `focusWhenReady(find)` focuses what `find` returns as soon as, after a render, it is on the
 * page and not disabled; until then it tries again after each render of the calling component.
 */
export function useFocusWhenReady(): (find: Find) => void {
  const pending = useRef<Find | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const find = pending.current;
    if (!find) return;
    const element = find();
    if (!element?.isConnected || element.matches(':disabled')) return;
    pending.current = null;
    element.focus();
  });
  return useCallback((find: Find) => {
    pending.current = find;
    rerender();
  }, []);
}

/** The id after `id` in `ids`, else the one before it: where focus goes when `id` leaves. */
export function neighbourOf(ids: string[], id: string): string | undefined {
  const at = ids.indexOf(id);
  if (at === -1) return undefined;
  return ids[at + 1] ?? ids[at - 1];
}
