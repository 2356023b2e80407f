import { z } from 'zod';
import { type EnumEntry, type EnumKind, IDENTITY_RPC } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { CODE_LIST_NAME_MAX } from '@custody/reference-data';
import { contractSchema } from '../contract-schema';
import { forwardList } from '../forward';
import { defineRoute } from '../route';

// Codes of at most 4 characters (CNAE classes; the others 1–99); names as the reference data
// library accepts them (CODE_LIST_NAME_MAX, the operator's files included).
const entryName = z.string().max(CODE_LIST_NAME_MAX);
const entrySchema = contractSchema<EnumEntry>()(
  z.object({
    id: z.string().max(4),
    name: entryName,
    code: z.string().max(4).optional(),
    group: z.string().max(3).optional(),
    localName: entryName
      .optional()
      .meta({ description: 'The local (Spanish) name; an extension.' }),
  }),
);

const text = z.string().min(1).max(200);

function enumRoute(
  rpc: RpcClient,
  kind: EnumKind,
  summary: string,
  description: string,
  filters: Record<string, z.ZodOptional<z.ZodString>>,
  sortFields: [string, ...string[]],
) {
  return defineRoute({
    version: 'v1',
    method: 'get',
    path: `/enums/${kind}`,
    operationId: `listEnum${kind.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`,
    summary,
    description,
    tags: ['enums'],
    auth: 'client',
    userTokens: true,
    scope: ['enums', 'read'],
    request: {
      query: listQuerySchema({ sortFields, defaultSort: sortFields[0], dates: false, filters }),
    },
    responses: { 200: { description: 'Entries', schema: z.array(entrySchema) } },
    errorStatuses: [401],
    handler: forwardList(rpc, 'identity', IDENTITY_RPC.listEnum, ({ query }) => ({
      kind,
      ...query,
    })),
  });
}

/**
 * Reference enumerations. The contract fixes the codes of company types (1–40) and purposes
 * (1–4); their names are ours or the operator's (docs/decisions/enumerations.md).
 */
export function enumRoutes(rpc: RpcClient) {
  return [
    enumRoute(
      rpc,
      'id-type',
      'Identity document types',
      'Lists the identity document types (`id`, `name`) that `idType` takes; filter by `id`, and by `name` (any part, in any letter case). ' +
        'A fixed reference list: changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      { id: text.optional(), name: text.optional() },
      ['id', 'name'],
    ),
    enumRoute(
      rpc,
      'cnae',
      'CNAE-2009 classes (Spanish classification of economic activities; Fuente: INE)',
      "Lists the CNAE-2009 classes (`code`, `group`, `name`) that a legal person's `CNAE` takes; filter by `code`, `group`, and by `name` (any part, in any letter case). " +
        'A fixed reference list: changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      {
        code: z
          .string()
          .regex(/^\d{4}$/, 'A 4-digit CNAE class')
          .optional(),
        group: z
          .string()
          .regex(/^\d{3}$/, 'A 3-digit CNAE group')
          .optional(),
        name: text.optional(),
      },
      ['code', 'group', 'name'],
    ),
    enumRoute(
      rpc,
      'company-type',
      'Company types (legal forms) of legal persons; `id` is the `companyType` code',
      "Lists the company types (legal forms) whose `id` a legal person's `companyType` takes; filter by `id`, and by `name` (any part, in any letter case). " +
        'A reference list (replaceable by configuration): changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      { id: text.optional(), name: text.optional() },
      ['id', 'name'],
    ),
    enumRoute(
      rpc,
      'purpose-business-relationship',
      'Purposes of the business relationship; `id` is the `purposeBusinessRelationship` code',
      "Lists the purposes of the business relationship whose `id` a legal person's `purposeBusinessRelationship` takes; filter by `id`, and by `name` (any part, in any letter case). " +
        'A reference list (replaceable by configuration): changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
      { id: text.optional(), name: text.optional() },
      ['id', 'name'],
    ),
  ];
}
