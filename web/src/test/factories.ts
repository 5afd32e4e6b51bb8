import type { SessionUser } from '../api/types';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '0b7c6a1e-5d2f-4c1a-9a43-2f8e1d3c4b5a',
    role: 'subscriber',
    email: 'owner@example.com',
    language: 'en',
    apnSubscriptions: [],
    nameSubscriptions: [],
    removedApnSubscriptions: [],
    removedNameSubscriptions: [],
    emailNotificationMethods: [],
    trustedContacts: [],
    isImpersonated: false,
    ...overrides,
  };
}
