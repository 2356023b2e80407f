import {
  Alert,
  Button,
  Center,
  Fieldset,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ApiClientCredentials } from '@custody/sdk';
import { ProblemAlert } from '../shared/problem';
import { useSessionState } from './session';

/** What the gateway says about the console: the api client to sign in through, if configured. */
async function consoleConfig(): Promise<{ apiClient: ApiClientCredentials | null }> {
  const response = await fetch('/console/config.json');
  if (!response.ok) return { apiClient: null };
  return (await response.json()) as { apiClient: ApiClientCredentials | null };
}

export function SignInPage() {
  const { signIn, notice } = useSessionState();
  const config = useQuery({ queryKey: ['console-config'], queryFn: consoleConfig });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [appId, setAppId] = useState('');
  const [appSecret, setAppSecret] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const configured = config.data?.apiClient ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password, configured ?? { id: appId, secret: appSecret });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <form onSubmit={submit} aria-labelledby="sign-in-title">
          <Stack>
            <Title order={1} size="h2" id="sign-in-title">
              Custody console
            </Title>
            {notice && (
              <Alert color="blue" role="status">
                {notice}
              </Alert>
            )}
            <ProblemAlert error={error} title="Sign-in failed" />
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            {!config.isPending && !configured && (
              <Fieldset legend="Application (api client)">
                <TextInput
                  label="Api client id"
                  required
                  value={appId}
                  onChange={(event) => setAppId(event.currentTarget.value)}
                />
                <PasswordInput
                  label="Api client secret"
                  required
                  value={appSecret}
                  onChange={(event) => setAppSecret(event.currentTarget.value)}
                />
              </Fieldset>
            )}
            {/* Not before the gateway has said which api client to use: a sign-in sent meanwhile
                went with empty api client credentials, refused as invalid_client. */}
            <Button type="submit" loading={busy} disabled={config.isPending}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
