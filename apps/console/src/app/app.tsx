import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider, useSessionState } from './session/session';
import { SignInPage } from './session/sign-in.page';
import { Shell } from './shell';
import { cssVariables, theme } from './theme';

function Screens() {
  const { loading, session } = useSessionState();
  if (loading)
    return (
      <Center component="main" mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  return session ? <Shell /> : <SignInPage />;
}

export function App({ nonce }: { nonce: string }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // The SDK retries what may be retried; a list refetches when its page comes back in view.
        defaultOptions: { queries: { retry: false, staleTime: 5_000 } },
      }),
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariables}
      getStyleNonce={() => nonce}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/console">
          <SessionProvider>
            <Screens />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
