import { describe, expect, it } from 'vitest';
import { classifyTwilioError } from './twilio-transport.ts';

describe('classifyTwilioError', () => {
  const disposition = (err: unknown) => classifyTwilioError(err).disposition;

  it('takes a number Twilio calls invalid or not mobile as the recipient, never to retry', () => {
    const invalid = classifyTwilioError({ status: 400, code: 21211, message: 'Invalid To' });
    expect(invalid.disposition).toBe('inactive');
    expect(invalid.message).toBe(
      'The carrier says this is not a valid phone number. (Twilio error 21211)',
    );
    expect(disposition({ status: 400, code: 21614, message: 'not mobile' })).toBe('inactive');
  });

  it('retries what Twilio did not take, refuses what it never will, and never resends the unknown', () => {
    expect(disposition({ status: 429, code: 20429, message: 'Too Many Requests' })).toBe('retry');
    expect(disposition({ status: 503, message: 'Service Unavailable' })).toBe('retry');
    expect(disposition(new Error('connect ECONNREFUSED 127.0.0.1:9'))).toBe('retry');
    expect(disposition({ status: 400, code: 21602, message: 'Message body is required.' })).toBe(
      'reject',
    );
    expect(disposition(new Error('socket hang up'))).toBe('ambiguous');
    expect(
      disposition(Object.assign(new Error('timeout of 5000ms exceeded'), { code: 'ECONNABORTED' })),
    ).toBe('ambiguous');
  });
});
