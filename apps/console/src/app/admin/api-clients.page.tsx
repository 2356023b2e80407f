import type { ListItem, V1Paths } from '@custody/sdk';
import { Id, When } from '../shared/format';
import { fetchPage } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { useClient } from '../shared/use-api';

type ApiClient = ListItem<V1Paths, '/api-clients'>;

export function ApiClientsPage() {
  const client = useClient();
  return (
    <>
      <PageTitle>Api clients</PageTitle>
      <PagedTable<ApiClient>
        caption="Api clients (the applications that request tokens)"
        queryKey={['api-clients']}
        load={(page) => fetchPage(client, '/api-clients', {}, { sort: 'name', ...page })}
        rowKey={(a) => a.id}
        columns={[
          { header: 'Id', cell: (a) => <Id value={a.id} /> },
          { header: 'Name', cell: (a) => a.name },
          { header: 'Audience', cell: (a) => a.audience },
          { header: 'Access token life (s)', cell: (a) => String(a.accessTokenExpiresIn) },
          { header: 'Refresh token life (s)', cell: (a) => String(a.refreshTokenExpiresIn) },
          { header: 'Created', cell: (a) => <When iso={a.createdAt} /> },
        ]}
      />
    </>
  );
}
