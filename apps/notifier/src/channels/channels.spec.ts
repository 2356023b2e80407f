import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@custody/config';
import type { ReceiverRow } from '../schema';
import { Channels, DeliveryError } from './channels';

// The SMS channel against a local stand-in of Twilio's API that answers more than the cap.

let server: Server;
let posts = 0;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts += 1;
      res.writeHead(201, { 'content-type': 'application/json' });
      // A valid JSON answer of 200 KiB: the message was taken, the answer is too large to read.
      res.end(JSON.stringify({ sid: 'SM1', status: 'queued', padding: 'x'.repeat(200 * 1024) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const receiver = {
  id: 'r1',
  notificationTypeId: 't1',
  clientId: 'c1',
  tenantId: 'c1',
  isAdmin: false,
  email: null,
  slack: null,
  sms: '+34600000000',
  url: null,
  authenticationId: null,
  disabledAt: null,
  failingSince: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  deletedAt: null,
} satisfies ReceiverRow;

describe('the SMS channel', () => {
  it('does not read past the cap, and does not retry a message Twilio already took', async () => {
    const channels = new Channels(
      loadConfig('notifier', {
        TWILIO_ACCOUNT_SID: 'ACtest',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: base,
      }),
    );
    let error: unknown;
    try {
      await channels.send({
        deliveryId: 'd1',
        channel: 'sms',
        receiver,
        payload: { id: 'e1', event: 'user.is-created', createdAt: '', tenantId: 'c1', data: {} },
        secrets: [],
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).permanent).toBe(true);
    expect((error as Error).message).toMatch(/maxContentLength/);
    expect(posts).toBe(1);
  });
});
