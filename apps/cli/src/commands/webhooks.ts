import { randomBytes } from 'node:crypto';
import type { FeedEvent } from '@custody/sdk';
import type { Command } from 'commander';
import { Webhook } from 'standardwebhooks';
import { Context, type CliIo } from '../context';
import { CliError } from '../errors';
import { addFeedOptions, startCursor, type FeedOptions } from './feed';

interface ListenOptions extends FeedOptions {
  forwardTo: string;
  secret?: string;
}

const FORWARD_TIMEOUT_MS = 10_000;

/** A new local signing secret: `whsec_` and 24 random bytes in base64 (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The Standard Webhooks headers of one delivery of `body`, signed with `webhook`'s secret. */
export function signedHeaders(
  webhook: Webhook,
  id: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'custody-cli',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': webhook.sign(id, at, body),
  };
}

/** POSTs one event, signed; answers the receiver's status, or the reason nothing came back. */
async function forward(
  url: string,
  webhook: Webhook,
  event: FeedEvent,
  signal: AbortSignal,
): Promise<{ status?: number; error?: string }> {
  const body = JSON.stringify(event);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: signedHeaders(webhook, event.id, body),
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError('invalid_url', `--forward-to "${value}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError('invalid_url', '--forward-to must be an http or https URL.');
  }
  return url.toString();
}

export function registerWebhooks(program: Command, io: CliIo): void {
  const webhooks = program
    .command('webhooks')
    .description('Receive webhooks locally, as the notifier would send them');

  addFeedOptions(
    webhooks
      .command('listen')
      .description(
        'Follow the event feed and POST each event to a local URL, signed with a local secret (Standard Webhooks); Ctrl-C stops',
      )
      .requiredOption(
        '--forward-to <url>',
        'where to POST each event, e.g. http://localhost:4000/webhooks',
      )
      .option('--secret <whsec>', 'the signing secret (default: a new one, printed at start)'),
  ).action(async (options: ListenOptions, command: Command) => {
    const ctx = Context.of(io, command);
    const url = checkUrl(options.forwardTo);
    const secret = options.secret ?? newWebhookSecret();
    let webhook: Webhook;
    try {
      webhook = new Webhook(secret);
    } catch {
      throw new CliError('invalid_secret', '--secret must be a whsec_… (base64) secret.');
    }
    const signal = io.interrupted();
    const client = await ctx.client({ pollIntervalMs: options.pollInterval });
    const after = await startCursor(client, options, signal);
    if (signal.aborted) return;
    ctx.printLine(
      { ready: true, forwardTo: url, secret, ...(after !== undefined ? { after } : {}) },
      () =>
        `Ready! Forwarding events to ${url} (Ctrl-C stops).\nYour webhook signing secret is ${secret}`,
    );
    const feed = client.events.follow({
      ...{},
      ...(after !== undefined ? { after } : {}),
      ...(options.types?.length ? { types: options.types } : {}),
      signal,
    });
    for await (const event of feed) {
      const outcome = await forward(url, webhook, event, signal);
      if (signal.aborted) break;
      ctx.printLine(
        { ...{}, id: event.id, event: event.event, createdAt: event.createdAt, ...outcome },
        () =>
          `${event.createdAt}  ${event.event}  ${event.id}  --> POST ${url} ` +
          (outcome.status !== undefined ? `[${outcome.status}]` : `failed: ${outcome.error}`),
      );
    }
    ctx.note(`Stopped. Resume with --after ${feed.cursor ?? after ?? ''}`.trimEnd());
  });
}
