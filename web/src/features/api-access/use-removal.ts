import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFocusWhenReady } from '../../components/focus-when-ready';
import { sectionHeading } from '../../components/section';

/**
 * An item the subscriber is asked about before it goes (a token revoked, an endpoint deleted):
 * `target` while the question is open, and `remove`, which runs `request`, refreshes the list
 * under `listKey` and closes the question however the call ends. Done, it takes the button that
 * opened the question: focus goes to the heading of the section (`headingId`) instead.
 */
export function useRemoval<T>(
  request: (item: T) => Promise<void>,
  listKey: QueryKey,
  headingId: string,
) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const focusWhenReady = useFocusWhenReady();
  const remove = useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
    onSettled: (_data, error) => {
      setTarget(null);
      if (!error) focusWhenReady(() => sectionHeading(headingId));
    },
  });
  return { target, setTarget, remove };
}
