import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { NOTIFICATION_SKIP_REASONS } from '@labline/contracts';
import { decideChannels, type ConsentRecipient } from './consent';

const patient = (overrides: Partial<ConsentRecipient> = {}): ConsentRecipient => ({
  contact_preference: 'both',
  email: 'amelia@example.com',
  phone: '+447700900123',
  sms_opted_out: false,
  ...overrides,
});

const { preference, smsOptedOut } = NOTIFICATION_SKIP_REASONS;

describe('the channels a message to a patient goes on (consent and channel choice)', () => {
  it("'both' sends on every channel the details allow, and leaves out one without a destination", () => {
    assert.deepEqual(decideChannels(patient()), { send: ['email', 'sms'], skipped: [] });
    assert.deepEqual(decideChannels(patient({ phone: null })), { send: ['email'], skipped: [] });
    assert.deepEqual(decideChannels(patient({ email: null })), { send: ['sms'], skipped: [] });
    // A patient unknown to the directory reads as the default.
    assert.deepEqual(decideChannels(patient({ contact_preference: null })), { send: ['email', 'sms'], skipped: [] });
  });

  it('skips, with the reason, a channel the preference excludes where there was a destination', () => {
    assert.deepEqual(decideChannels(patient({ contact_preference: 'email' })), {
      send: ['email'],
      skipped: [{ channel: 'sms', reason: preference.email }],
    });
    assert.deepEqual(decideChannels(patient({ contact_preference: 'sms' })), {
      send: ['sms'],
      skipped: [{ channel: 'email', reason: preference.sms }],
    });
    assert.deepEqual(decideChannels(patient({ contact_preference: 'none' })), {
      send: [],
      skipped: [
        { channel: 'email', reason: preference.none },
        { channel: 'sms', reason: preference.none },
      ],
    });
    assert.deepEqual(decideChannels(patient({ contact_preference: 'email', phone: null })), {
      send: ['email'],
      skipped: [],
    });
  });

  it('skips an SMS to a number that opted out, and only the SMS', () => {
    assert.deepEqual(decideChannels(patient({ sms_opted_out: true })), {
      send: ['email'],
      skipped: [{ channel: 'sms', reason: smsOptedOut }],
    });
    assert.deepEqual(decideChannels(patient({ sms_opted_out: true, contact_preference: 'sms' })), {
      send: [],
      skipped: [
        { channel: 'email', reason: preference.sms },
        { channel: 'sms', reason: smsOptedOut },
      ],
    });
  });

  it('asks only about the channels wanted (a reminder configured for SMS alone), in their order', () => {
    assert.deepEqual(decideChannels(patient(), ['sms']), { send: ['sms'], skipped: [] });
    assert.deepEqual(decideChannels(patient({ contact_preference: 'email' }), ['sms']), {
      send: [],
      skipped: [{ channel: 'sms', reason: preference.email }],
    });
    assert.deepEqual(decideChannels(patient(), ['sms', 'email']), { send: ['sms', 'email'], skipped: [] });
    assert.deepEqual(decideChannels(patient(), []), { send: [], skipped: [] });
  });

  it('keeps a message that can reach nobody in the log: sent to fail for lack of details, or skipped for none', () => {
    const nothing = { email: null, phone: null };
    assert.deepEqual(decideChannels(patient(nothing)), { send: ['email'], skipped: [] });
    assert.deepEqual(decideChannels(patient(nothing), ['sms']), { send: ['sms'], skipped: [] });
    assert.deepEqual(decideChannels(patient({ ...nothing, contact_preference: 'none' })), {
      send: [],
      skipped: [{ channel: 'email', reason: preference.none }],
    });
    // SMS only, but no number: the SMS is sent to fail saying so, the e-mail skipped.
    assert.deepEqual(decideChannels(patient({ contact_preference: 'sms', phone: null })), {
      send: ['sms'],
      skipped: [{ channel: 'email', reason: preference.sms }],
    });
  });
});
