import { createServer } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';

// What the console's passkey tests share: a gateway port known before the stack starts (the
// relying party's origin is configured into identity, the policy service and the signer), and
// a page whose browser has a platform authenticator (the DevTools WebAuthn domain).

/** A free port for the gateway: the relying party's origin must be known to the apps first. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new page of the context with Chromium's virtual authenticator: CTAP2, internal transport
 * (a platform authenticator), resident keys, and a user it verifies (fingerprint, PIN) at once.
 */
export async function pageWithAuthenticator(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}
