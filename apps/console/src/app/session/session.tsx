import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { CustodyClient } from '@custody/sdk';
import {
  closeSession,
  currentSession,
  openSession,
  openSessionWithPasskey,
  sessionClient,
} from './session-api';
import type { Who } from './who';

export interface Session {
  client: CustodyClient;
  who: Who;
  csrfToken: string;
}

interface SessionState {
  /** Whether the gateway has said yet if a session is on (at load). */
  loading: boolean;
  session: Session | null;
  /** Why the last session ended (shown on the sign-in page). */
  notice: string | null;
  signIn(email: string, password: string): Promise<void>;
  /** With a passkey of this device (no e-mail, no password). */
  signInWithPasskey(): Promise<void>;
  signOut(): Promise<void>;
  /** The API refused the session (expired, revoked): back to sign-in with a message. */
  expire(): void;
}

const SessionContext = createContext<SessionState | null>(null);

function sessionOf(view: Awaited<ReturnType<typeof openSession>>): Session {
  return { client: sessionClient(view), who: view.who, csrfToken: view.csrfToken };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(true);
  const [session, setSession] = useState<Session | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The session lives in the gateway, behind an HttpOnly cookie: a reload finds it again.
  useEffect(() => {
    let current = true;
    currentSession()
      .then((view) => {
        if (current && view) setSession(sessionOf(view));
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, []);

  const signIn = useCallback(
    async (email: string, password: string) => {
      // The gateway signs in with the console's api client, which it alone knows; the page gets
      // the cookie and the CSRF token, never a token. The password is not kept.
      const view = await openSession(email, password);
      queryClient.clear();
      setNotice(null);
      setSession(sessionOf(view));
    },
    [queryClient],
  );

  const signInWithPasskey = useCallback(async () => {
    const view = await openSessionWithPasskey();
    queryClient.clear();
    setNotice(null);
    setSession(sessionOf(view));
  }, [queryClient]);

  const signOut = useCallback(async () => {
    if (session) await closeSession(session.csrfToken).catch(() => undefined);
    queryClient.clear();
    setSession(null);
    setNotice('You are signed out.');
  }, [queryClient, session]);

  const expire = useCallback(() => {
    // The gateway may still hold a session whose login was revoked: it forgets it too.
    if (session) void closeSession(session.csrfToken).catch(() => undefined);
    queryClient.clear();
    setSession(null);
    setNotice('Your session has expired. Sign in again.');
  }, [queryClient, session]);

  const value = useMemo(
    () => ({ loading, session, notice, signIn, signInWithPasskey, signOut, expire }),
    [loading, session, notice, signIn, signInWithPasskey, signOut, expire],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionState(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSessionState outside SessionProvider');
  return state;
}

/** The signed-in session (pages render only inside one). */
export function useSession(): Session {
  const { session } = useSessionState();
  if (!session) throw new Error('useSession without a session');
  return session;
}
