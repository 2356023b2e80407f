import {
  createCustodyClient,
  type CustodyClient,
  CustodyError,
  signInChallenge,
} from '@custody/sdk';
import { assertPasskey, type RequestOptions } from '../passkeys/webauthn';
import type { Who } from './who';

/**
 * The console's session as the gateway keeps it (docs/decisions/operator-console.md): an
 * HttpOnly cookie the page never reads, and this: who signed in and the CSRF token that every
 * state-changing request sends back. No token, no api client secret reaches the page.
 */
export interface SessionView {
  who: Who;
  csrfToken: string;
  endsAt: string;
}

const SESSION = '/console/session';
const CSRF_HEADER = 'X-CSRF-Token';

async function answer(response: Response): Promise<SessionView> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw CustodyError.fromResponse(response, body);
  return body as SessionView;
}

/** The session the cookie names, or null when there is none (signed out, or it ended). */
export async function currentSession(): Promise<SessionView | null> {
  const response = await fetch(SESSION, { credentials: 'same-origin' });
  if (response.status === 401) return null;
  return answer(response);
}

export async function openSession(email: string, password: string): Promise<SessionView> {
  return answer(
    await fetch(SESSION, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
}

/**
 * Signs in with a passkey: a challenge of the gateway (through the console's api client), the
 * browser's assertion over its sign-in derivation (`signInChallenge`: never the challenge as
 * given, which could be an approval's digest; the person verified on the device), then the
 * session.
 */
export async function openSessionWithPasskey(): Promise<SessionView> {
  const challenge = await fetch(`${SESSION}/webauthn-options`, {
    method: 'POST',
    credentials: 'same-origin',
  });
  const options: unknown = await challenge.json().catch(() => undefined);
  if (!challenge.ok) throw CustodyError.fromResponse(challenge, options);
  const request = options as RequestOptions;
  const passkey = await assertPasskey({
    ...{},
    ...request,
    challenge: await signInChallenge(request.challenge),
  });
  return answer(
    await fetch(SESSION, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ passkey }),
    }),
  );
}

/** Signs out: the gateway revokes the session's tokens and removes the cookie. */
export async function closeSession(csrfToken: string): Promise<void> {
  await fetch(SESSION, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: csrfToken },
  });
}

/**
 * The API through the session: the SDK against /console/api/v1, where the gateway adds the
 * session's access token; the page sends the cookie and the CSRF token, no bearer.
 */
export function sessionClient(view: SessionView): CustodyClient {
  return createCustodyClient({
    baseUrl: `${window.location.origin}/console/api`,
    tokens: { accessToken: async () => undefined },
    headers: { [CSRF_HEADER]: view.csrfToken },
    retry: { maxAttempts: 2 },
  });
}
