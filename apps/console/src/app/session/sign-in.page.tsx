import {
  Alert,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ProblemAlert } from '../shared/problem';
import { useSessionState } from './session';

/**
 * E-mail and password, or a passkey of this device: the gateway signs in through the console's
 * api client, which it keeps (docs/decisions/operator-console.md). The passkey button does not
 * say "Sign in", so that the form's own button stays the one of that name.
 */
export function SignInPage() {
  const { signIn, signInWithPasskey, notice } = useSessionState();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function withPasskey() {
    setBusy(true);
    setError(null);
    try {
      await signInWithPasskey();
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
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
            <Divider label="or" labelPosition="center" />
            <Button variant="default" onClick={() => void withPasskey()} disabled={busy}>
              Use a passkey
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
