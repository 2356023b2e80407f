import { Alert, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ListItem, V1Paths } from '@custody/sdk';
import { Id, When } from '../shared/format';
import { fetchPage } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { ProblemAlert } from '../shared/problem';
import { useChange, useClient } from '../shared/use-api';

type Client = ListItem<V1Paths, '/clients'>;

const EMPTY = { name: '', email: '', password: '', tenantId: '' };

/** A general client, or a member of a tenant when the tenant is given. */
function NewClient() {
  const [draft, setDraft] = useState(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const create = useChange((api, body: typeof EMPTY) =>
    api.post('/clients', {
      body: {
        name: body.name,
        email: body.email,
        password: body.password,
        audience: ['general'],
        ...(body.tenantId.trim() ? { tenantId: body.tenantId.trim() } : {}),
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(draft, {
      onSuccess: (client) => {
        setCreated(client.id);
        setDraft(EMPTY);
      },
    });
  }
  const field = (key: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      required={key !== 'tenantId'}
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.value })}
    />
  );
  return (
    <form onSubmit={submit} aria-labelledby="new-client">
      <Stack gap="xs">
        <Title order={2} size="h3" id="new-client">
          New general client or tenant member
        </Title>
        <Group align="end" wrap="wrap">
          {field('name', 'Name')}
          {field('email', 'E-mail', 'email')}
          <PasswordInput
            label="Password"
            required
            value={draft.password}
            onChange={(event) => setDraft({ ...draft, password: event.currentTarget.value })}
          />
          {field('tenantId', 'Member of tenant (client id)')}
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
        {created && (
          <Alert color="teal" role="status">
            Created client <Id value={created} />.
          </Alert>
        )}
        <ProblemAlert error={create.error} />
      </Stack>
    </form>
  );
}

export function ClientsPage() {
  const client = useClient();
  return (
    <Stack>
      <PageTitle>Clients and members</PageTitle>
      <NewClient />
      <PagedTable<Client>
        caption="Clients; a member shows the tenant it belongs to"
        queryKey={['clients']}
        load={(page) => fetchPage(client, '/clients', {}, { sort: '-createdAt', ...page })}
        rowKey={(c) => c.id}
        columns={[
          { header: 'Name', cell: (c) => c.name },
          { header: 'E-mail', cell: (c) => c.email },
          { header: 'Audience', cell: (c) => c.audience.join(', ') },
          {
            header: 'Tenant',
            cell: (c) => (c.tenantId === c.id ? 'own tenant' : <Id value={c.tenantId} />),
          },
          { header: 'Id', cell: (c) => <Id value={c.id} /> },
          { header: 'Created', cell: (c) => <When iso={c.createdAt} /> },
        ]}
      />
    </Stack>
  );
}
