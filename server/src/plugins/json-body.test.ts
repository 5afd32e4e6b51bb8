import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerJsonBody, wellFormedJson } from './json-body.ts';

describe('wellFormedJson', () => {
  it('finds half a surrogate pair in a value or a key, at any depth', () => {
    expect(wellFormedJson({ a: ['ok', { b: 'x\ud800' }] })).toBe(false);
    expect(wellFormedJson({ a: { ['k\udc00']: 1 } })).toBe(false);
    expect(wellFormedJson(JSON.parse('{"a":"\\ud83d\\ude00","b":[null,1,true]}'))).toBe(true);
  });

  it('walks a long array and a deep nesting without running out of stack', () => {
    const long = Array.from({ length: 300_000 }, () => 1);
    expect(wellFormedJson([...long, '\ud800'])).toBe(false);
    let deep: unknown = 'x\udfff';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(wellFormedJson(deep)).toBe(false);
  });
});

describe('registerJsonBody', () => {
  it('takes an empty body sent as application/json for no body, and still parses the rest', async () => {
    const app = Fastify();
    registerJsonBody(app);
    app.post('/', async (request) => ({
      received: request.body === undefined ? 'none' : request.body,
    }));
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    try {
      const empty = await post('');
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toEqual({ received: 'none' });
      expect((await post('{"a":1}')).json()).toEqual({ received: { a: 1 } });
      // Only an empty body is none: blanks are not JSON.
      expect((await post(' ')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
