import type { Middleware } from 'openapi-fetch';
import createClient from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import { showErrorToast } from '../features/notifications/show-error-toast';
import { sessionStore } from '../features/session/session-store';
import { apiBaseUrl } from './base-url';
import type { paths } from './schema.gen';

/** Sent on every call as it is: a space, not a comma, between the types. */
export const ACCEPT_HEADER = 'application/json application/octet-stream';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

export interface ApiClientOptions {
  baseUrl: string;
  /** Any 401: the session is gone. */
  onUnauthorized: () => void;
  /** Any failed response or network failure, with the message to show. */
  onError: (message: string) => void;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return GENERIC_ERROR_MESSAGE;
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * Calls whose 401 means wrong credentials, not an ended session: a mistyped staff password must
 * leave the person on the login form, not sign out whoever is stored and go to /.
 */
const CREDENTIAL_CHECKS = new Set<string>(['/api/admin/auth/login']);

function errorMiddleware({ onUnauthorized, onError }: ApiClientOptions): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return undefined;
      if (response.status === 401 && !CREDENTIAL_CHECKS.has(schemaPath)) onUnauthorized();
      const message = await messageOf(response);
      console.error(`${request.method} ${request.url} failed: ${response.status} ${message}`);
      onError(message);
      return undefined;
    },
    onError({ request, error }) {
      if (isAbort(error)) return undefined;
      console.error(`${request.method} ${request.url} failed`, error);
      onError(GENERIC_ERROR_MESSAGE);
      return undefined;
    },
  };
}

export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    credentials: 'include',
    headers: { Accept: ACCEPT_HEADER },
    // Looked up per call, not captured at creation, so tests can stub globalThis.fetch.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use(errorMiddleware(options));
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

const baseUrl = apiBaseUrl(__API_URL__, window.location.origin);

/** The only way the web app talks to the server. */
export const api = createApiClient({
  baseUrl,
  onUnauthorized: () => sessionStore.expire(),
  onError: (message) => showErrorToast(message),
});

/**
 * The same client without the generic error toast, for calls whose failure has a message of its
 * own ('Failed to search Names', the registration 409) or none (county list): one
 * failure, one toast. Failures are still logged, and a 401 still ends the session.
 */
export const quietApi = createApiClient({
  baseUrl,
  onUnauthorized: () => sessionStore.expire(),
  onError: () => {},
});

/** TanStack Query hooks over `api`: `$api.useQuery('get', '/api/config')`. */
export const $api = createQueryHooks(api);
