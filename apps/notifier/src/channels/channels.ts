import nodemailer, { type Transporter } from 'nodemailer';
import twilio from 'twilio';
import type { AppConfig } from '@custody/config';
import type { DeliveryChannel, NotificationPayload } from '@custody/contracts';
import type { ReceiverRow } from '../schema';
import { MAX_RESPONSE_BYTES, postJson } from './http-post';
import {
  type DeliverableTarget,
  DnsLookupFailed,
  type HostResolver,
  receiverResolver,
  resolveDeliverable,
} from './ssrf';
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
  private readonly resolve: HostResolver | undefined;
  private readonly twilio: ReturnType<typeof twilio> | undefined;

  constructor(private readonly config: AppConfig<'notifier'>) {
    this.mailer = config.SMTP_URL
      ? smtpTransport(config.SMTP_URL, config.WEBHOOK_TIMEOUT_MS)
      : undefined;
    this.resolve = receiverResolver(config);
    const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = config;
    if (sid && token) {
      const httpClient = new twilio.RequestClient({ timeout: config.WEBHOOK_TIMEOUT_MS });
      // Twilio's answers are small; an endpoint answering more is not read past the cap.
      httpClient.axios.defaults.maxContentLength = MAX_RESPONSE_BYTES;
      this.twilio = twilio(sid, token, { httpClient });
      this.twilio.api.baseUrl = config.TWILIO_API_BASE;
    }
  }

  /** The receiver's URL with the public address it resolves to now (retryable when DNS fails). */
  private async target(raw: string, what: string): Promise<DeliverableTarget> {
    return resolveDeliverable(raw, this.config.NOTIFIER_ALLOW_PRIVATE_URLS, this.resolve).catch(
      (error: unknown) => {
        throw error instanceof DnsLookupFailed
          ? new DeliveryError(error.message)
          : new DeliveryError(`${what} resolves to a private address`, undefined, true);
      },
    );
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
    const target = await this.target(receiver.url ?? '', 'URL');
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

  /**
   * A Slack incoming webhook is a POST of `{text}`: sent like a URL delivery (the checked address,
   * the answer read up to its cap), not through a client that reads whatever the URL answers.
   */
  private async slack({ receiver, payload }: Outgoing): Promise<number> {
    const target = await this.target(receiver.slack ?? '', 'Slack URL');
    const text = `*${payload.event}* (${payload.id})\n\`\`\`${JSON.stringify(payload.data, null, 2)}\`\`\``;
    let status: number;
    try {
      status = await postJson(target, JSON.stringify({ text }), this.config.WEBHOOK_TIMEOUT_MS, {
        'user-agent': 'custody-webhooks/1',
      });
    } catch (error) {
      throw new DeliveryError(`slack: request failed: ${(error as Error).message}`);
    }
    if (status >= 200 && status < 300) return status;
    throw new DeliveryError(
      `slack: answered ${status}`,
      status,
      status >= 400 && status < 500 && status !== 429,
    );
  }

  private async sms({ receiver, payload }: Outgoing): Promise<number> {
    const from = this.config.TWILIO_FROM;
    if (!this.twilio || !from)
      throw new ChannelNotConfigured(
        'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not all set',
      );
    try {
      await this.twilio.messages.create({
        from,
        to: receiver.sms ?? '',
        body: `custody: ${payload.event} ${payload.id}`,
      });
      return 201;
    } catch (error) {
      const status = (error as { status?: number }).status;
      // An answer past the size cap came after Twilio took the message: sending it again would
      // send the SMS twice, so it is not retried.
      const tooLarge = /maxContentLength/.test((error as Error).message);
      throw new DeliveryError(
        `twilio: ${(error as Error).message}`,
        status,
        tooLarge || (status !== undefined && status >= 400 && status < 500 && status !== 429),
      );
    }
  }
}
