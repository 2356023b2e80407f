import type { ApiVersion, RouteDef, RouteRequest } from '@custody/http';
import { buildOpenApi } from '@custody/api-docs';

const DESCRIPTIONS: Record<ApiVersion, { title: string; description: string }> = {
  v1: {
    title: 'Custody API',
    description:
      'Digital-asset custody for fintechs: clients and tokens, end users with KYC data, wallets, ' +
      'money movement, signing, market data and notifications. Errors are RFC 9457 problem+json ' +
      'with a stable `code`.',
  },
  v2: {
    title: 'Issuer API',
    description: 'Token issuers: authentication, issues, activities and holders.',
  },
};

/** Both versions' documents, built once at start from the route table. */
export function openApiDocuments(routes: readonly RouteDef<RouteRequest>[], baseUrl: string) {
  const build = (version: ApiVersion) =>
    buildOpenApi({ version, ...DESCRIPTIONS[version], serverUrl: `${baseUrl}/${version}`, routes });
  return { v1: build('v1'), v2: build('v2') };
}
