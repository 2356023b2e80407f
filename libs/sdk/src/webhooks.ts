import { Webhook, WebhookVerificationError as StandardVerificationError } from 'standardwebhooks';
import { CustodyError } from './errors.js';
import type { FeedEvent } from './events.js';

/** A webhook that failed verification: a bad or missing signature, a stale timestamp, a bad body. */
export class WebhookVerificationError extends CustodyError {
  constructor(message: string, cause?: unknown) {
    super({ status: 400, code: 'webhook_verification_failed', message, cause });
    this.name = 'WebhookVerificationError';
  }
}

/**
 * The signing secret as `GET /v1/notifications/signing-secret` answers it (`{ secret }`) or the
 * secret itself (`whsec_` + base64, Standard Webhooks); during the 24 h after a rotation, give the
 * new and the previous one.
 */
export type WebhookSecret = string | { secret: string } | readonly (string | { secret: string })[];

/** Request headers as Node (`IncomingHttpHeaders`), fetch (`Headers`) or a plain record give them. */
export type WebhookHeaders =
  Headers | Record<string, string | readonly string[] | undefined> | Iterable<[string, string]>;

function secretsOf(secret: WebhookSecret): string[] {
  const list = Array.isArray(secret) ? secret : [secret];
  return (list as (string | { secret: string })[]).map((s) =>
    typeof s === 'string' ? s : s.secret,
  );
}

function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  const entries: Iterable<[string, unknown]> =
    Symbol.iterator in headers ? (headers as Iterable<[string, string]>) : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return record;
}

/**
 * Verifies a webhook delivery with the official `standardwebhooks` package: the `webhook-id`,
 * `webhook-timestamp` (within 5 minutes) and `webhook-signature` headers against the raw body
 * (as received, before any JSON parsing) and the tenant's signing secret. Answers the parsed
 * payload — `{ id, event, createdAt, tenantId, data }`, the same as an item of the event feed —
 * or throws `WebhookVerificationError`. Receivers deduplicate on `webhook-id` (retries repeat it).
 */
export function verifyWebhook<T = unknown>(
  secret: WebhookSecret,
  payload: string | Uint8Array,
  headers: WebhookHeaders,
): FeedEvent<T> {
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const record = headerRecord(headers);
  const secrets = secretsOf(secret);
  if (secrets.length === 0) throw new WebhookVerificationError('No signing secret given.');
  let failure: unknown;
  for (const candidate of secrets) {
    let webhook: Webhook;
    try {
      webhook = new Webhook(candidate);
    } catch (error) {
      throw new WebhookVerificationError(
        'The signing secret is not a Standard Webhooks secret.',
        error,
      );
    }
    try {
      const parsed = webhook.verify(body, record) as FeedEvent<T> | undefined;
      if (!parsed || typeof parsed !== 'object')
        throw new WebhookVerificationError('The webhook has no JSON object body.');
      return parsed;
    } catch (error) {
      if (error instanceof WebhookVerificationError) throw error;
      if (!(error instanceof StandardVerificationError) && !(error instanceof SyntaxError))
        throw error;
      failure = error;
    }
  }
  const reason = failure instanceof Error ? failure.message : 'verification failed';
  throw new WebhookVerificationError(`Webhook verification failed: ${reason}`, failure);
}
