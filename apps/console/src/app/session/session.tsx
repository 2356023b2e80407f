import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type ApiClientCredentials, createCustodyClient, type CustodyClient } from '@custody/sdk';
import { type Who, whoFrom } from './who';

export interface Session {
  client: CustodyClient;
  who: Who;
}

interface SessionState {
  session: Session | null;
  /** Why the last session ended (shown on the sign-in page). */
  notice: string | null;
  signIn(email: string, password: string, apiClient: ApiClientCredentials): Promise<void>;
  signOut(): Promise<void>;
  /** The API refused the session (expired, revoked): back to sign-in with a message. */
  expire(): void;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const signIn = useCallback(
    async (email: string, password: string, apiClient: ApiClientCredentials) => {
      // Tokens live in this object only (memory): a reload signs out. The password is not kept:
      // when the refresh token is refused, the session ends.
      const client = createCustodyClient({
        baseUrl: window.location.origin,
        apiClient,
        rememberPassword: false,
        retry: { maxAttempts: 2 },
      });
      const tokens = await client.login({ email, password });
      queryClient.clear();
      setNotice(null);
      setSession({ client, who: whoFrom(tokens) });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    await session?.client.logout().catch(() => undefined);
    queryClient.clear();
    setSession(null);
    setNotice('You are signed out.');
  }, [queryClient, session]);

  const expire = useCallback(() => {
    session?.client.tokens.clear();
    queryClient.clear();
    setSession(null);
    setNotice('Your session has expired. Sign in again.');
  }, [queryClient, session]);

  const value = useMemo(
    () => ({ session, notice, signIn, signOut, expire }),
    [session, notice, signIn, signOut, expire],
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
