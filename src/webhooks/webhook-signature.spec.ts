import { createHmac } from 'node:crypto';
import { newWebhookSecret, signWebhook } from './webhook-signature.js';

describe('signWebhook', () => {
  it('matches the example of the Standard Webhooks specification', () => {
    // The spec's reference libraries test this vector.
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('keys the HMAC with the decoded secret over id.timestamp.body', () => {
    const key = Buffer.from('a webhook key of 24 bytes');
    const secret = `whsec_${key.toString('base64')}`;
    const body = '{"type":"report.completed"}';
    const expected = createHmac('sha256', key)
      .update(`msg_1.1700000000.${body}`)
      .digest('base64');
    expect(signWebhook(secret, 'msg_1', 1700000000, body)).toBe(
      `v1,${expected}`,
    );
    expect(signWebhook(secret, 'msg_1', 1700000001, body)).not.toBe(
      `v1,${expected}`,
    );
  });
});

describe('newWebhookSecret', () => {
  it('is whsec_ and the base64 of 24 random bytes, new each time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
