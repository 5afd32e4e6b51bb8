import type { SessionUser } from '../../api/types';

export const SESSION_STORAGE_KEY = 'deedwatch.user';

type Listener = () => void;

/** The session user, kept in local storage and shared by React, the router and the client. */
export interface SessionStore {
  getUser(): SessionUser | null;
  setUser(user: SessionUser | null): void;
  /** The server refused the session (a 401): forget the user and tell whoever navigates. */
  expire(): void;
  subscribe(listener: Listener): () => void;
  onExpired(listener: Listener): () => void;
}

function looksLikeUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.email === 'string' && typeof candidate.role === 'string';
}

function read(storage: Storage): SessionUser | null {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return looksLikeUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function write(storage: Storage, user: SessionUser | null): void {
  try {
    if (user) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    else storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage can be full or disabled (private browsing): the session still works for this tab.
  }
}

export function createSessionStore(storage: Storage): SessionStore {
  let user = read(storage);
  const listeners = new Set<Listener>();
  const expiredListeners = new Set<Listener>();

  const emit = (set: Set<Listener>) => {
    for (const listener of [...set]) listener();
  };

  const setUser = (next: SessionUser | null) => {
    user = next;
    write(storage, next);
    emit(listeners);
  };

  return {
    getUser: () => user,
    setUser,
    expire() {
      setUser(null);
      emit(expiredListeners);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onExpired(listener) {
      expiredListeners.add(listener);
      return () => {
        expiredListeners.delete(listener);
      };
    },
  };
}

export const sessionStore = createSessionStore(window.localStorage);
