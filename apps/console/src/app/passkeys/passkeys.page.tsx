import { approverKeyFingerprint } from '@custody/sdk';
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { When } from '../shared/format';
import { PageTitle } from '../shared/page-title';
import { ProblemAlert } from '../shared/problem';
import { useSession } from '../session/session';
import { may } from '../session/who';
import { useChange, useClient } from '../shared/use-api';
import { enrollPasskeyAsApprover } from './passkey-approvals';
import { createPasskey } from './webauthn';

/**
 * The signed-in client's passkeys (docs/decisions/identity-and-authentication.md, "Passkeys"):
 * registered here with this device's authenticator (the person verified on it), removed one at a
 * time. Each signs in to the console ("Use a passkey") without a password, and, once used for
 * approvals (an approver credential the signer's registry admitted), signs approvals.
 */
export function PasskeysPage() {
  const client = useClient();
  const { who } = useSession();
  const [name, setName] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const passkeys = useQuery({
    queryKey: ['passkeys'],
    queryFn: () => client.get('/clients/me/passkeys', {}),
  });
  const register = useChange(async (api, given: string) => {
    const options = await api.post('/clients/me/passkeys/registration-options', {});
    const response = await createPasskey(options);
    return api.post('/clients/me/passkeys', {
      body: { response, ...(given.trim() ? { name: given.trim() } : {}) },
    });
  });
  const remove = useChange((api, id: string) =>
    api.delete('/clients/me/passkeys/{passkey}', { params: { path: { passkey: id } } }),
  );
  // Which passkeys sign approvals: the client's approver credentials of kind webauthn.
  const approves = may(who, 'approvals:read') && !who.enrollmentOnly;
  const approverKeys = useQuery({
    queryKey: ['approver-keys'],
    queryFn: () => client.get('/clients/me/approver-keys', {}),
    enabled: approves,
  });
  const forApprovals = useChange(async (api, id: string) => {
    const passkey = passkeys.data?.find((p) => p.id === id);
    if (!passkey) throw new Error('No such passkey.');
    return enrollPasskeyAsApprover(api, who, passkey);
  });
  const approverOf = (passkeyId: string) =>
    approverKeys.data?.find((k) => k.passkey?.id === passkeyId && k.status !== 'revoked');

  function submit(event: FormEvent) {
    event.preventDefault();
    setNote(null);
    register.mutate(name, {
      onSuccess: (passkey) => {
        setName('');
        setNote(`Passkey “${passkey.name}” registered.`);
      },
    });
  }

  return (
    <>
      <PageTitle>Passkeys</PageTitle>
      <Stack gap="sm">
        <Text size="sm">
          A passkey signs you in without a password: your device keeps its private key and checks it
          is you (fingerprint, face or PIN) every time.
        </Text>
        {who.enrollmentOnly && (
          <Alert color="yellow" role="status" title="Passkeys are required of you">
            Register a passkey, then sign out and sign in with it: this session may do nothing else.
          </Alert>
        )}
        {note && (
          <Alert color="blue" role="status" withCloseButton onClose={() => setNote(null)}>
            {note}
          </Alert>
        )}
        <ProblemAlert
          error={
            register.error ??
            remove.error ??
            forApprovals.error ??
            passkeys.error ??
            approverKeys.error
          }
        />
        <form onSubmit={submit} aria-label="Register a passkey">
          <Group align="end">
            <TextInput
              label="Name"
              description="To tell your passkeys apart (this laptop, say)"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" loading={register.isPending}>
              Register a passkey
            </Button>
          </Group>
        </form>
        {passkeys.isPending ? (
          <Loader aria-label="Loading" />
        ) : (
          <Table striped>
            <Table.Caption>Your passkeys</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Registered</Table.Th>
                <Table.Th>Last used</Table.Th>
                {approves && <Table.Th>Approvals</Table.Th>}
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(passkeys.data ?? []).map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>
                    <When iso={p.createdAt} />
                  </Table.Td>
                  <Table.Td>{p.lastUsedAt ? <When iso={p.lastUsedAt} /> : 'never'}</Table.Td>
                  {approves && (
                    <Table.Td>
                      <ApproverStatus
                        status={approverOf(p.id)?.status}
                        publicKey={approverOf(p.id)?.publicKey}
                        name={p.name}
                        canUse={may(who, 'approvals:decide')}
                        loading={forApprovals.isPending && forApprovals.variables === p.id}
                        onUse={() => {
                          setNote(null);
                          forApprovals.mutate(p.id, {
                            onSuccess: (key) =>
                              setNote(
                                key.status === 'active'
                                  ? `Passkey “${p.name}” signs approvals.`
                                  : `Passkey “${p.name}” waits for your tenant's approvers to endorse it.`,
                              ),
                          });
                        }}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      loading={remove.isPending && remove.variables === p.id}
                      onClick={() => remove.mutate(p.id)}
                      aria-label={`Remove ${p.name}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {passkeys.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={approves ? 5 : 4}>No passkey yet.</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </>
  );
}

/**
 * A credential's fingerprint (short hash of its public key): what the person reads out to the
 * approvers who endorse it, who compare it with the one their endorsing tool shows (`custody
 * approver-keys endorse --fingerprint`), so an endorsement vouches for the key its holder has.
 */
function Fingerprint(props: { publicKey: string }) {
  const fingerprint = useQuery({
    queryKey: ['approver-key-fingerprint', props.publicKey],
    queryFn: () => approverKeyFingerprint(props.publicKey),
    staleTime: Infinity,
  });
  if (!fingerprint.data) return null;
  return (
    <Text size="xs" c="dimmed" ff="monospace" aria-label="Key fingerprint">
      Fingerprint {fingerprint.data}
    </Text>
  );
}

/** Whether a passkey signs approvals, or the button that makes it (its owner's assertion). */
function ApproverStatus(props: {
  status: 'pending' | 'active' | 'revoked' | undefined;
  publicKey: string | undefined;
  name: string;
  canUse: boolean;
  loading: boolean;
  onUse: () => void;
}) {
  if (props.status === 'active') return <Text size="sm">Signs approvals</Text>;
  if (props.status === 'pending')
    return (
      <>
        <Text size="sm">Waiting for endorsements</Text>
        {props.publicKey && <Fingerprint publicKey={props.publicKey} />}
      </>
    );
  if (!props.canUse) return <Text size="sm">—</Text>;
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={props.loading}
      onClick={props.onUse}
      aria-label={`Use ${props.name} for approvals`}
    >
      Use for approvals
    </Button>
  );
}
