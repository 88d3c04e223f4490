import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { smtpOutcome } from './email';
import { statusCallbackFor, twilioOutcome } from './sms';
import { retryAtAfter } from './worker';

describe('what a failed send means', () => {
  it('takes an SMTP 5xx as final and a 4xx or no answer as worth retrying', () => {
    assert.deepEqual(smtpOutcome({ responseCode: 550, response: '550 5.1.1 <a@b>:\r\n mailbox unavailable' }), {
      ok: false,
      permanent: true,
      reason: 'SMTP 550: 550 5.1.1 <a@b>: mailbox unavailable',
    });
    assert.equal(smtpOutcome({ responseCode: 451, response: 'later' }).permanent, false);
    assert.deepEqual(smtpOutcome({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }), {
      ok: false,
      permanent: false,
      reason: 'SMTP server unavailable: ECONNREFUSED',
    });
  });

  it("takes Twilio's 4xx as final, but 429, 5xx and network failures as worth retrying", () => {
    assert.equal(twilioOutcome({ status: 400, code: 21211, message: 'invalid' }).permanent, true);
    assert.equal(twilioOutcome({ status: 429, code: 20429, message: 'Too Many Requests' }).permanent, false);
    assert.equal(twilioOutcome({ status: 503, code: 20503, message: 'Service Unavailable' }).permanent, false);
    assert.deepEqual(twilioOutcome(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })), {
      ok: false,
      permanent: false,
      reason: 'SMS provider unavailable: ECONNRESET',
    });
  });

  it('retries after each wait of the backoff, then no more; never after a final refusal', () => {
    const transient = { ok: false as const, permanent: false, reason: 'x' };
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    assert.equal(retryAtAfter(transient, 1, [1000, 5000], now), '2030-01-01T00:00:01.000Z');
    assert.equal(retryAtAfter(transient, 2, [1000, 5000], now), '2030-01-01T00:00:05.000Z');
    assert.equal(retryAtAfter(transient, 3, [1000, 5000], now), null);
    assert.equal(retryAtAfter({ ...transient, permanent: true }, 1, [1000, 5000], now), null);
  });

  it("names the message in the status callback's URL, which Twilio signs whole", () => {
    assert.equal(
      statusCallbackFor('https://labline.example.com/api/webhooks/twilio/status', 42),
      'https://labline.example.com/api/webhooks/twilio/status?notification=42',
    );
  });
});
