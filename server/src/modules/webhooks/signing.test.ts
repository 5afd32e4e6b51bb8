import { describe, expect, it } from 'vitest';
import { generateSecret, sign, signedHeaders } from './signing.ts';

describe('Standard Webhooks signing', () => {
  it("gives the specification's own example signature", () => {
    // The reference vector of the Standard Webhooks libraries.
    expect(
      sign(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs id, timestamp and body: changing any changes the signature', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const at = new Date('2026-11-25T12:00:00.500Z');
    const headers = signedHeaders(secret, 'msg_1', at, '{"a":1}');
    expect(headers['webhook-timestamp']).toBe('1795608000');
    expect(headers['webhook-signature']).toBe(sign(secret, 'msg_1', 1795608000, '{"a":1}'));
    const others = [
      sign(secret, 'msg_2', 1795608000, '{"a":1}'),
      sign(secret, 'msg_1', 1795608001, '{"a":1}'),
      sign(secret, 'msg_1', 1795608000, '{"a":2}'),
      sign(generateSecret(), 'msg_1', 1795608000, '{"a":1}'),
    ];
    expect(others).not.toContain(headers['webhook-signature']);
  });
});
