import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * An item the subscriber is asked about before it goes (a token revoked, an endpoint deleted):
 * `target` while the question is open, and `remove`, which runs `request`, refreshes the list
 * under `listKey` and closes the question however the call ends.
 */
export function useRemoval<T>(request: (item: T) => Promise<void>, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
    onSettled: () => setTarget(null),
  });
  return { target, setTarget, remove };
}
