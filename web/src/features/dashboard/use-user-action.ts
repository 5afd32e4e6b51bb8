import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '../../api/types';
import { showErrorToast } from '../notifications/show-error-toast';
import { useSession } from '../session/session-context';

/**
 * A user/* call that answers with the updated session user: the answer replaces the session,
 * and a failure adds the call's own toast to the client's generic one.
 */
export function useUserAction<Variables>(
  call: (variables: Variables) => Promise<{ data?: SessionUser }>,
  failure: string | ((variables: Variables) => string),
) {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: async (variables: Variables) => {
      const { data } = await call(variables);
      if (!data) throw new Error('The server refused the change');
      return data;
    },
    onSuccess: (user) => setUser(user),
    onError: (_error, variables) =>
      showErrorToast(typeof failure === 'function' ? failure(variables) : failure),
  });
}
