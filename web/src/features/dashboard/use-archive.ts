import { api } from '../../api/client';
import { neighbourOf, useFocusWhenReady } from '../../components/focus-when-ready';
import { eventCardId } from './match-card';
import type { AlertEvent } from './types';
import { useUserAction } from './use-user-action';

/**
 * Archives an event (the alerts' Archive, the match lists' Dismiss). Its card goes, and the
 * button with it: focus moves to the next card of `ids` (or the one before), or to what
 * `whenNoneLeft` finds.
 */
export function useArchiveMovingFocus(
  ids: string[],
  failure: string,
  whenNoneLeft: () => HTMLElement | null,
) {
  const archive = useUserAction(
    (event: AlertEvent) => api.POST('/api/user/events/archive', { body: { eventId: event.id } }),
    failure,
  );
  const focusWhenReady = useFocusWhenReady();
  const run = (event: AlertEvent) => {
    const next = neighbourOf(ids, event.id);
    archive.mutate(event, {
      onSuccess: () =>
        focusWhenReady(() => (next ? document.getElementById(eventCardId(next)) : whenNoneLeft())),
    });
  };
  return { run, pendingId: archive.isPending ? archive.variables.id : undefined };
}
