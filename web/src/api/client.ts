import type { Middleware } from 'openapi-fetch';
import createClient from 'openapi-fetch';
import { showErrorToast } from '../features/notifications/show-error-toast';
import { sessionStore } from '../features/session/session-store';
import { currentLanguage, i18n } from '../i18n';
import { apiBaseUrl } from './base-url';
import type { paths } from './schema.gen';

/** Sent on every call as it is: a space, not a comma, between the types. */
export const ACCEPT_HEADER = 'application/json application/octet-stream';
/** What a failure says when the server gives no message, in the language shown now. */
export function genericErrorMessage(): string {
  return i18n.t('common.errors.generic');
}

export interface ApiClientOptions {
  baseUrl: string;
  /** A 401 that ends the session. */
  onUnauthorized: () => void;
  /** A failed response or network failure the person should hear about, with its message. */
  onError: (message: string) => void;
}

/**
 * What the client does when one call fails. Every failure is logged whatever this says: a 4xx
 * answer at debug level (the app handles it), a 5xx or a network failure as an error.
 */
export interface FailureHandling {
  /**
   * Show the error toast with the server's message. Off for calls whose failure has a message of
   * its own ('Failed to search Names', the registration 409) or none (the county lists): one
   * failure, one toast.
   */
  toast: boolean;
  /**
   * A 401 ends the session (and the app goes to /). Off where the page answers a 401 itself, by
   * asking the person to sign in there.
   */
  endsSession: boolean;
}

const DEFAULT_HANDLING: FailureHandling = { toast: true, endsSession: true };

/** The handling each in-flight request asked for; requests that asked nothing are absent. */
const handlingOf = new WeakMap<Request, FailureHandling>();

/**
 * A per-request middleware that sets how that one call's failure is handled:
 * `api.GET('/api/config', { middleware: [failures({ toast: false })] })`. Queries say it in
 * their meta instead (see api/queries.ts), so it stays out of their keys.
 */
export function failures(handling: Partial<FailureHandling>): Middleware {
  const resolved = { ...DEFAULT_HANDLING, ...handling };
  return {
    onRequest({ request }) {
      handlingOf.set(request, resolved);
      return undefined;
    },
  };
}

/** No toast: the caller says it its own way, or the failure is only logged. */
export const quiet = failures({ toast: false });

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
  return genericErrorMessage();
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
      const handling = handlingOf.get(request) ?? DEFAULT_HANDLING;
      if (response.status === 401 && handling.endsSession && !CREDENTIAL_CHECKS.has(schemaPath)) {
        onUnauthorized();
      }
      const message = await messageOf(response);
      const line = `${request.method} ${request.url} failed: ${response.status} ${message}`;
      // A 4xx is an answer the app expects and handles (a toast, the page's own state, the end of
      // a session): kept for whoever debugs, not an error. A 5xx is the server failing.
      if (response.status < 500) console.debug(line);
      else console.error(line);
      if (handling.toast) onError(message);
      return undefined;
    },
    onError({ request, error }) {
      if (isAbort(error)) return undefined;
      console.error(`${request.method} ${request.url} failed`, error);
      if ((handlingOf.get(request) ?? DEFAULT_HANDLING).toast) onError(genericErrorMessage());
      return undefined;
    },
  };
}

/**
 * Every call names the language the site shows, so a signed-out person's errors come back in it
 * whatever the browser's own languages are (signed in, the account's language decides).
 */
const languageMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLanguage());
    return request;
  },
};

export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    credentials: 'include',
    headers: { Accept: ACCEPT_HEADER },
    // Looked up per call, not captured at creation, so tests can stub globalThis.fetch.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use(languageMiddleware);
  client.use(errorMiddleware(options));
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The only way the web app talks to the server. A call that handles its own failures says so
 * with `failures(…)`, or for a query with `meta.failures`; there is no second client.
 */
export const api = createApiClient({
  baseUrl: apiBaseUrl(__API_URL__, window.location.origin),
  onUnauthorized: () => sessionStore.expire(),
  onError: (message) => showErrorToast(message),
});
