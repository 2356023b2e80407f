import { createHmac, randomBytes } from 'node:crypto';
import { CustodyError, verifyWebhook, WebhookVerificationError } from './index';

// The notifier's signing (apps/notifier/src/channels/standard-webhooks.ts), written again here:
// the verifier must accept what the notifier sends.
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const payload = {
  id: '01890000-0000-7000-8000-000000000001',
  event: 'transfer.is-created',
  createdAt: '2026-01-01T10:00:00.000Z',
  tenantId: 'client-1',
  data: { id: 'tr-1', status: 'approved' },
};
const body = JSON.stringify(payload);

function delivery(secrets: string[], text = body, timestamp = Math.floor(Date.now() / 1000)) {
  return {
    'webhook-id': 'delivery-1',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, 'delivery-1', timestamp, text)).join(' '),
    'content-type': 'application/json',
  };
}

describe('verifyWebhook', () => {
  const secret = newSecret();

  it('accepts a correctly signed delivery and answers its payload', () => {
    expect(verifyWebhook(secret, body, delivery([secret]))).toEqual(payload);
    // The raw body as bytes, the secret as the signing-secret endpoint answers it, fetch Headers.
    expect(verifyWebhook({ secret }, Buffer.from(body), new Headers(delivery([secret])))).toEqual(
      payload,
    );
  });

  it('rejects a tampered body, a wrong secret and missing headers', () => {
    const tampered = body.replace('tr-1', 'tr-2');
    const error = (() => {
      try {
        verifyWebhook(secret, tampered, delivery([secret]));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toBeInstanceOf(CustodyError);
    expect(error).toMatchObject({ status: 400, code: 'webhook_verification_failed' });
    expect(() => verifyWebhook(newSecret(), body, delivery([secret]))).toThrow(
      WebhookVerificationError,
    );
    const { 'webhook-signature': _, ...unsigned } = delivery([secret]);
    expect(() => verifyWebhook(secret, body, unsigned)).toThrow(WebhookVerificationError);
  });

  it('rejects a delivery older than the tolerance (a replay)', () => {
    const old = Math.floor(Date.now() / 1000) - 600;
    expect(() => verifyWebhook(secret, body, delivery([secret], body, old))).toThrow(/too old/);
  });

  it('accepts either secret during a rotation (both sign, space-separated)', () => {
    const previous = newSecret();
    const headers = delivery([secret, previous]);
    expect(verifyWebhook(secret, body, headers)).toEqual(payload);
    expect(verifyWebhook(previous, body, headers)).toEqual(payload);
    // A receiver that already has the new secret, for a delivery signed with the old one alone.
    expect(verifyWebhook([secret, previous], body, delivery([previous]))).toEqual(payload);
  });

  it('reads Node request headers (lower-case, possibly arrays)', () => {
    const headers: Record<string, string | string[] | undefined> = {
      ...{},
      ...delivery([secret]),
      'x-forwarded-for': ['a', 'b'],
      'x-none': undefined,
    };
    expect(verifyWebhook(secret, body, headers)).toEqual(payload);
  });
});
