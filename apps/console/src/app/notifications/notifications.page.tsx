import {
  Accordion,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ListItem, V1Paths } from '@custody/sdk';
import { useSession } from '../session/session';
import { may } from '../session/who';
import { Id, When, Loading } from '../shared/format';
import { fetchPage } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { ProblemAlert } from '../shared/problem';
import { useChange, useClient } from '../shared/use-api';

type NotificationType = ListItem<V1Paths, '/notifications'>;
type Receiver = NotificationType['receivers'][number];
type Delivery = ListItem<
  V1Paths,
  '/notifications/{notificationId}/receivers/{receiverId}/deliveries'
>;

function receiverLine(receiver: Receiver): string {
  return receiver.url ?? receiver.email ?? receiver.slack ?? receiver.sms ?? receiver.id;
}

function Deliveries({ type, receiver }: { type: NotificationType; receiver: Receiver }) {
  const client = useClient();
  const path = { notificationId: type.id, receiverId: receiver.id };
  return (
    <PagedTable<Delivery>
      caption={`Deliveries to ${receiverLine(receiver)}, newest first`}
      queryKey={['deliveries', receiver.id]}
      load={(page) =>
        fetchPage(
          client,
          '/notifications/{notificationId}/receivers/{receiverId}/deliveries',
          path,
          {
            sort: '-createdAt',
            ...page,
          },
        )
      }
      rowKey={(d) => d.id}
      pageSizes={[50, 200]}
      columns={[
        { header: 'Created', cell: (d) => <When iso={d.createdAt} /> },
        {
          header: 'State',
          cell: (d) => (
            <Badge
              color={d.status === 'delivered' ? 'teal' : d.status === 'pending' ? 'blue' : 'red'}
            >
              {d.status}
            </Badge>
          ),
        },
        { header: 'Event', cell: (d) => d.event },
        {
          header: 'Attempts',
          cell: (d) => (
            <List size="xs" listStyleType="none">
              {d.attemptLog.map((a) => (
                <List.Item key={a.attempt}>
                  #{a.attempt} <When iso={a.createdAt} />: {a.statusCode ?? a.error ?? '—'} (
                  {a.durationMs} ms)
                </List.Item>
              ))}
            </List>
          ),
        },
        { header: 'Next retry', cell: (d) => <When iso={d.nextAttemptAt} /> },
      ]}
    />
  );
}

function Replay({ type, receiver }: { type: NotificationType; receiver: Receiver }) {
  const [since, setSince] = useState('');
  const [done, setDone] = useState(false);
  const replay = useChange((api, sinceIso: string) =>
    api.post('/notifications/{notificationId}/receivers/{receiverId}/replay', {
      params: { path: { notificationId: type.id, receiverId: receiver.id } },
      body: { since: sinceIso },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    replay.mutate(new Date(since).toISOString(), { onSuccess: () => setDone(true) });
  }
  return (
    <form onSubmit={submit} aria-label={`Replay to ${receiverLine(receiver)}`}>
      <Group align="end" wrap="wrap">
        <TextInput
          label="Replay events since"
          type="datetime-local"
          step={1}
          required
          value={since}
          onChange={(event) => setSince(event.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={replay.isPending}>
          Replay
        </Button>
        {done && (
          <Text size="sm" role="status">
            Replay queued.
          </Text>
        )}
      </Group>
      <ProblemAlert error={replay.error} />
    </form>
  );
}

function AddReceiver({ type }: { type: NotificationType }) {
  const [url, setUrl] = useState('');
  const add = useChange((api, target: string) =>
    api.post('/notifications/{notificationId}', {
      params: { path: { notificationId: type.id } },
      body: { url: target },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(url.trim(), { onSuccess: () => setUrl('') });
  }
  return (
    <form onSubmit={submit} aria-label={`Add a webhook for ${type.event}`}>
      <Group align="end" wrap="wrap">
        <TextInput
          label="New webhook URL"
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={add.isPending}>
          Add
        </Button>
      </Group>
      <ProblemAlert error={add.error} />
    </form>
  );
}

function SigningSecret() {
  const [secret, setSecret] = useState<{ secret: string; previousValidUntil?: string | null }>();
  const rotate = useChange((api, _: void) => api.post('/notifications/signing-secret/rotate', {}));
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Webhook signing secret
      </Title>
      <Group>
        <Button
          variant="default"
          loading={rotate.isPending}
          onClick={() => rotate.mutate(undefined, { onSuccess: (answer) => setSecret(answer) })}
        >
          Rotate the signing secret
        </Button>
      </Group>
      {secret && (
        <Alert color="red" role="status" title="New secret (shown once)">
          <Code>{secret.secret}</Code>
          {secret.previousValidUntil && (
            <Text size="sm">
              The previous secret still verifies until <When iso={secret.previousValidUntil} />.
            </Text>
          )}
        </Alert>
      )}
      <ProblemAlert error={rotate.error} />
    </Stack>
  );
}

export function NotificationsPage() {
  const client = useClient();
  const { who } = useSession();
  const types = useQuery({
    queryKey: ['notification-types'],
    queryFn: () => fetchPage(client, '/notifications', {}, { limit: '1000', sort: 'event' }),
  });
  const writable = may(who, 'notifications:write');
  return (
    <Stack>
      <PageTitle>Notifications</PageTitle>
      {!who.isAdmin && may(who, 'signing-secret:write') && <SigningSecret />}
      <Title order={2} size="h3">
        Receivers by event
      </Title>
      <ProblemAlert error={types.error} />
      {types.isPending && <Loading />}
      {/* A closed event renders nothing: hidden panels stay mounted in React's Activity by
          default, where effects do not run, so their lists showed "Loading…" and never fetched.
          Opening an event fetches its receivers' deliveries. */}
      <Accordion multiple variant="separated" keepMounted={false}>
        {types.data?.items.map((type) => (
          <Accordion.Item key={type.id} value={type.id}>
            <Accordion.Control>
              {type.event} <Badge color="gray">{type.receivers.length}</Badge>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack>
                <Text size="sm">{type.description}</Text>
                {type.receivers.map((receiver) => (
                  <Stack key={receiver.id} gap="xs">
                    <Text fw={600}>
                      {receiverLine(receiver)} <Id value={receiver.id} />
                    </Text>
                    <Deliveries type={type} receiver={receiver} />
                    {writable && <Replay type={type} receiver={receiver} />}
                  </Stack>
                ))}
                {writable && <AddReceiver type={type} />}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
