import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { deciderSpecification } from '@labline/eventstore/testing';
import { smsConsentDecider, smsKeywordOf } from './decide';
import type { SmsConsentEvent } from './events';

const spec = deciderSpecification(smsConsentDecider);
const phone = '+447700900123';
const reply = (change: 'opt_out' | 'opt_in', keyword: string, messageSid = `SM${'1'.repeat(32)}`) => ({
  type: 'RecordSmsKeyword' as const,
  data: { phone, change, keyword, messageSid },
});
const optedOut: SmsConsentEvent = {
  type: 'SmsOptedOut',
  data: { phone, keyword: 'STOP', message_sid: `SM${'1'.repeat(32)}` },
};

describe("Twilio's opt-out and opt-in keywords", () => {
  it('are recognised whatever their case and surrounding spaces, and nothing else is', () => {
    for (const body of ['STOP', 'stop', '  Stop\n', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit']) {
      assert.equal(smsKeywordOf(body)?.change, 'opt_out', body);
    }
    for (const body of ['START', 'start ', 'Unstop', 'YES']) assert.equal(smsKeywordOf(body)?.change, 'opt_in', body);
    assert.deepEqual(smsKeywordOf(' stop '), { change: 'opt_out', keyword: 'STOP' });
    for (const body of ['', 'HELP', 'please stop', 'STOP!', 'S TOP', 'no'])
      assert.equal(smsKeywordOf(body), null, body);
  });
});

describe("a number's SMS consent", () => {
  it('opts out once, and a second STOP (or the webhook retried) records nothing', () => {
    spec.given([]).when(reply('opt_out', 'STOP')).then([optedOut]);
    spec.given([optedOut]).when(reply('opt_out', 'UNSUBSCRIBE')).thenNothingHappened();
  });

  it('opts in again only when opted out', () => {
    spec.given([]).when(reply('opt_in', 'START')).thenNothingHappened();
    spec
      .given([optedOut])
      .when(reply('opt_in', 'START', `SM${'2'.repeat(32)}`))
      .then([{ type: 'SmsOptedIn', data: { phone, keyword: 'START', message_sid: `SM${'2'.repeat(32)}` } }]);
  });
});
