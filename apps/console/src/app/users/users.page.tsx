import { Anchor, Badge, Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { ListItem, V1Paths } from '@custody/sdk';
import { Id, When } from '../shared/format';
import { fetchPage } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { useClient } from '../shared/use-api';

type User = ListItem<V1Paths, '/users'>;

export function userName(user: Pick<User, 'individualPerson' | 'legalPerson'>): string {
  const person = user.individualPerson;
  if (person) return [person.name, person.surname].filter(Boolean).join(' ') || '—';
  return user.legalPerson?.legalName ?? '—';
}

const EMPTY = { email: '', idNumber: '', externalReference: '' };

export function UsersPage() {
  const client = useClient();
  const [draft, setDraft] = useState(EMPTY);
  const [search, setSearch] = useState(EMPTY);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch({
      email: draft.email.trim(),
      idNumber: draft.idNumber.trim(),
      externalReference: draft.externalReference.trim(),
    });
  }

  return (
    <>
      <PageTitle>Users</PageTitle>
      <form onSubmit={submit} role="search" aria-label="Search users">
        <Group align="end" mb="md" wrap="wrap">
          <TextInput
            label="E-mail"
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })}
          />
          <TextInput
            label="Id number"
            value={draft.idNumber}
            onChange={(event) => setDraft({ ...draft, idNumber: event.currentTarget.value })}
          />
          <TextInput
            label="External reference"
            value={draft.externalReference}
            onChange={(event) =>
              setDraft({ ...draft, externalReference: event.currentTarget.value })
            }
          />
          <Button type="submit">Search</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft(EMPTY);
              setSearch(EMPTY);
            }}
          >
            Clear
          </Button>
        </Group>
      </form>
      <PagedTable<User>
        caption="Users, newest first"
        queryKey={['users', search]}
        load={(page) => fetchPage(client, '/users', {}, { sort: '-createdAt', ...search, ...page })}
        rowKey={(user) => user.id}
        columns={[
          {
            header: 'Name',
            cell: (user) => (
              <Anchor component={Link} to={`/users/${user.id}`}>
                {userName(user)}
              </Anchor>
            ),
          },
          { header: 'E-mail', cell: (user) => user.email ?? '—' },
          { header: 'Id number', cell: (user) => user.idNumber ?? '—' },
          {
            header: 'State',
            cell: (user) =>
              user.blocked ? (
                <Badge color="red">blocked</Badge>
              ) : (
                <Badge color="teal">active</Badge>
              ),
          },
          { header: 'External reference', cell: (user) => user.externalReference ?? '—' },
          { header: 'Id', cell: (user) => <Id value={user.id} /> },
          { header: 'Created', cell: (user) => <When iso={user.createdAt} /> },
        ]}
      />
    </>
  );
}
