import { Badge } from '@mantine/core';
import { useState } from 'react';
import type { ListItem, V1Paths } from '@custody/sdk';
import { Filters } from '../shared/filters';
import { Id, When } from '../shared/format';
import { fetchPage, type Query } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { useClient } from '../shared/use-api';

type AuditEvent = ListItem<V1Paths, '/audit-events'>;

export function AuditPage() {
  const client = useClient();
  const [filters, setFilters] = useState<Query>({});
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Filters
        label="Audit filters"
        onApply={setFilters}
        fields={[
          { name: 'action', label: 'Action' },
          { name: 'clientId', label: 'Client id' },
          { name: 'userId', label: 'User id' },
          { name: 'createdAfter', label: 'After', type: 'datetime-local' },
          { name: 'createdBefore', label: 'Before', type: 'datetime-local' },
        ]}
      />
      <PagedTable<AuditEvent>
        caption="Audit events, newest first"
        queryKey={['audit', filters]}
        load={(page) =>
          fetchPage(client, '/audit-events', {}, { sort: '-createdAt', ...filters, ...page })
        }
        rowKey={(e) => e.id}
        columns={[
          { header: 'When', cell: (e) => <When iso={e.createdAt} /> },
          { header: 'Action', cell: (e) => e.action },
          { header: 'Request', cell: (e) => `${e.method} ${e.path}` },
          {
            header: 'Outcome',
            cell: (e) => (
              <Badge color={e.status < 400 ? 'teal' : 'red'}>
                {e.status} {e.outcome}
              </Badge>
            ),
          },
          { header: 'Client', cell: (e) => <Id value={e.clientId} /> },
          { header: 'User', cell: (e) => <Id value={e.userId} /> },
          { header: 'From', cell: (e) => e.remoteIp ?? e.ip ?? '—' },
        ]}
      />
    </>
  );
}
