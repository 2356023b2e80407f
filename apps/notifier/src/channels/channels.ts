import { IncomingWebhook } from '@slack/webhook';
import nodemailer, { type Transporter } from 'nodemailer';
import twilio from 'twilio';
import type { AppConfig } from '@custody/config';
import type { DeliveryChannel, NotificationPayload } from '@custody/contracts';
import type { ReceiverRow } from '../schema';
import { postJson } from './http-post';
import { assertDeliverableUrl, DnsLookupFailed } from './ssrf';
import { sign } from './standard-webhooks';

/** Why a delivery attempt did not succeed; `permanent` ones are not retried. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** A channel with no configuration (no SMTP server, no Twilio account): skipped, not failed. */
export class ChannelNotConfigured extends Error {}

export interface Outgoing {
  deliveryId: string;
  channel: DeliveryChannel;
  receiver: ReceiverRow;
  payload: NotificationPayload;
  /** Current signing secret first, the previous one during a rotation's overlap. */
  secrets: string[];
}

/** An SMTP transport from `smtp(s)://user:pass@host:port`, with timeouts (nodemailer's are minutes). */
function smtpTransport(url: string, timeoutMs: number): Transporter {
  const u = new URL(url);
  return nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port) || (u.protocol === 'smtps:' ? 465 : 25),
    secure: u.protocol === 'smtps:',
    ...(u.username
      ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

/** Sends one notification on one channel; returns the peer's status code where there is one. */
export class Channels {
  private readonly mailer: Transporter | undefined;

  constructor(private readonly config: AppConfig<'notifier'>) {
    this.mailer = config.SMTP_URL
      ? smtpTransport(config.SMTP_URL, config.WEBHOOK_TIMEOUT_MS)
      : undefined;
  }

  async send(out: Outgoing): Promise<number | undefined> {
    switch (out.channel) {
      case 'url':
        return this.url(out);
      case 'email':
        return this.email(out);
      case 'slack':
        return this.slack(out);
      case 'sms':
        return this.sms(out);
    }
  }

  /** A plain e-mail to a receiver's owner (a disabled receiver); skipped without SMTP. */
  async notifyOwner(to: string, text: string): Promise<void> {
    if (!this.mailer) return;
    await this.mailer.sendMail({
      from: this.config.SMTP_FROM,
      to,
      subject: '[custody] receiver disabled',
      text,
    });
  }

  private async url({ deliveryId, receiver, payload, secrets }: Outgoing): Promise<number> {
    const target = await assertDeliverableUrl(
      receiver.url ?? '',
      this.config.NOTIFIER_ALLOW_PRIVATE_URLS,
    ).catch((error: unknown) => {
      throw error instanceof DnsLookupFailed
        ? new DeliveryError(error.message)
        : new DeliveryError('URL resolves to a private address', undefined, true);
    });
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number;
    try {
      status = await postJson(target, body, this.config.WEBHOOK_TIMEOUT_MS, {
        'user-agent': 'custody-webhooks/1',
        'webhook-id': deliveryId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': secrets.map((s) => sign(s, deliveryId, timestamp, body)).join(' '),
        ...(receiver.authenticationId ? { 'x-authentication-id': receiver.authenticationId } : {}),
      });
    } catch (error) {
      throw new DeliveryError(`request failed: ${(error as Error).message}`);
    }
    if (status >= 200 && status < 300) return status;
    // 4xx means the receiver rejects this message; retrying will not help, except 408 and 429.
    const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
    throw new DeliveryError(`receiver answered ${status}`, status, permanent);
  }

  private async email({ receiver, payload }: Outgoing): Promise<undefined> {
    if (!this.mailer) throw new ChannelNotConfigured('SMTP_URL is not set');
    try {
      await this.mailer.sendMail({
        from: this.config.SMTP_FROM,
        to: receiver.email ?? '',
        subject: `[custody] ${payload.event}`,
        text: `${payload.event} at ${payload.createdAt}\n\n${JSON.stringify(payload.data, null, 2)}`,
        headers: { 'X-Custody-Event-Id': payload.id },
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      throw new DeliveryError(
        `smtp: ${(error as Error).message}`,
        code,
        code !== undefined && code >= 500 && code < 600,
      );
    }
    return undefined;
  }

  private async slack({ receiver, payload }: Outgoing): Promise<number> {
    await assertDeliverableUrl(receiver.slack ?? '', this.config.NOTIFIER_ALLOW_PRIVATE_URLS).catch(
      (error: unknown) => {
        throw error instanceof DnsLookupFailed
          ? new DeliveryError(error.message)
          : new DeliveryError('Slack URL resolves to a private address', undefined, true);
      },
    );
    try {
      await new IncomingWebhook(receiver.slack ?? '', {
        timeout: this.config.WEBHOOK_TIMEOUT_MS,
      }).send({
        text: `*${payload.event}* (${payload.id})\n\`\`\`${JSON.stringify(payload.data, null, 2)}\`\`\``,
      });
      return 200;
    } catch (error) {
      const status = (error as { original?: { response?: { status?: number } } }).original?.response
        ?.status;
      throw new DeliveryError(
        `slack: ${(error as Error).message}`,
        status,
        status !== undefined && status >= 400 && status < 500 && status !== 429,
      );
    }
  }

  private async sms({ receiver, payload }: Outgoing): Promise<number> {
    const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = this.config;
    if (!sid || !token || !from)
      throw new ChannelNotConfigured(
        'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not all set',
      );
    const client = twilio(sid, token);
    client.api.baseUrl = this.config.TWILIO_API_BASE;
    try {
      await client.messages.create({
        from,
        to: receiver.sms ?? '',
        body: `custody: ${payload.event} ${payload.id}`,
      });
      return 201;
    } catch (error) {
      const status = (error as { status?: number }).status;
      throw new DeliveryError(
        `twilio: ${(error as Error).message}`,
        status,
        status !== undefined && status >= 400 && status < 500 && status !== 429,
      );
    }
  }
}
