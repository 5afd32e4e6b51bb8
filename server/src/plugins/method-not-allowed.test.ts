import { describe, expect, it } from 'vitest';
import { methodsAt, methodsInWords } from './method-not-allowed.ts';
import type { RegisteredRoute } from './route-registry.ts';

const routes: RegisteredRoute[] = [
  { method: 'GET', url: '/api/webhooks', access: 'signed-in' },
  { method: 'POST', url: '/api/webhooks', access: 'signed-in' },
  { method: 'PATCH', url: '/api/webhooks/:id', access: 'signed-in' },
  { method: 'DELETE', url: '/api/webhooks/:id', access: 'signed-in' },
  { method: 'POST', url: '/api/webhooks/deliveries/:id/resend', access: 'signed-in' },
  { method: 'GET', url: '/api/files/*', access: 'public' },
  { method: 'GET', url: '/docs/json', access: undefined },
];

describe('the methods a path of the API has', () => {
  it('matches by pattern: a parameter takes one non-empty segment, a wildcard the rest', () => {
    expect(methodsAt(routes, '/api/webhooks/abc')).toEqual({
      pattern: '/api/webhooks/:id',
      allow: ['PATCH', 'DELETE'],
      methods: ['PATCH', 'DELETE'],
    });
    expect(methodsAt(routes, '/api/webhooks')?.allow).toEqual(['GET', 'HEAD', 'POST']);
    expect(methodsAt(routes, '/api/files/a/b/c')?.pattern).toBe('/api/files/*');
    expect(methodsAt(routes, '/api/webhooks/deliveries/1/resend')?.pattern).toBe(
      '/api/webhooks/deliveries/:id/resend',
    );
  });

  it('finds nothing where no route has the path, outside /api, or for an over-long path', () => {
    for (const path of [
      '/api/webhooks/',
      '/api/webhooks/a/b',
      '/api/webhook',
      '/docs/json',
      `/api/files/${'a'.repeat(3000)}`,
    ]) {
      expect(methodsAt(routes, path), path.slice(0, 40)).toBeUndefined();
    }
  });

  it('says the methods in words', () => {
    expect(methodsInWords(['POST'])).toBe('POST');
    expect(methodsInWords(['GET', 'POST'])).toBe('GET or POST');
    expect(methodsInWords(['GET', 'PATCH', 'DELETE'])).toBe('GET, PATCH or DELETE');
  });
});
