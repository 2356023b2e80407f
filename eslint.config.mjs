import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

const layers = {
  'type:contracts': [],
  'type:util': ['type:contracts', 'type:util'],
  'type:data-access': ['type:contracts', 'type:util', 'type:data-access'],
  'type:http': ['type:contracts', 'type:util', 'type:http'],
  'type:runtime': ['type:contracts', 'type:util', 'type:data-access', 'type:http'],
  'type:testing': ['type:contracts', 'type:util'],
  'type:app': ['type:contracts', 'type:util', 'type:data-access', 'type:http', 'type:runtime'],
  // The `custody` command is an integrator's tool: the public SDK, nothing internal.
  'type:cli': ['type:sdk'],
  // The operator console (a browser application) reaches the API through the SDK alone.
  'type:console': ['type:sdk'],
  // End-to-end tests may stand in for another service (a consumer with its own inbox).
  'type:e2e': ['type:contracts', 'type:util', 'type:data-access', 'type:testing'],
};

/** Module boundaries; test code may also use the testing lib. */
const boundaries = (allowTesting) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: Object.entries(layers).map(([sourceTag, allowed]) => ({
      sourceTag,
      onlyDependOnLibsWithTags:
        allowTesting && sourceTag !== 'type:contracts' ? [...allowed, 'type:testing'] : allowed,
    })),
  },
];

/**
 * Node 20's V8 gives an object literal that starts with a spread and has more members (or gets
 * more later) a new hidden class on every evaluation, allocated in the old generation: on a
 * request path that is old-generation growth per request and megamorphic property access
 * (docs/performance.md, "Spread-led object literals"). Starting the literal with `...{}` keeps
 * one class. The rule applies where code runs per request or per event in the paths that
 * `npm run bench` measures (HOT_PATHS); elsewhere a literal evaluated at start, per admin call or
 * per chain poll costs nothing worth the noise.
 */
const leadingSpread = {
  selector:
    "ObjectExpression[properties.length>1] > SpreadElement:first-child:not([argument.type='ObjectExpression'][argument.properties.length=0])",
  message:
    'Start this object literal with `...{}` (or a property): a literal led by a spread gets a new V8 map per evaluation (docs/performance.md, "Spread-led object literals").',
};

/**
 * Code on the request and event paths: the gateway; the libraries every request crosses (HTTP,
 * RPC and events, persistence, logging, errors, tenancy, money, the service kit); every
 * service's handler table; the reads behind `GET /v1/users/{id}` and the audit records of every
 * request; the transfer path of wallet-ledger (transfers, the ledger, the transactions read
 * model, the copy of users it checks, the asset catalog); the notifier's deliveries.
 */
const HOT_PATHS = [
  'apps/gateway/src/**/*.ts',
  'libs/{http,messaging,persistence,logging,errors,tenancy,money,service-kit}/src/**/*.ts',
  'apps/*/src/*.rpc.ts',
  'apps/identity/src/{users,audit}/**/*.ts',
  'apps/wallet-ledger/src/{transfers,ledger,transactions,users,assets}/**/*.ts',
  'apps/notifier/src/{deliveries,channels}/**/*.ts',
  // The load generator shares the two cores with the stack it measures.
  'tools/bench/load.ts',
];

const testFiles = [
  '**/*.spec.ts',
  '**/test-harness.ts',
  '**/__fixtures__/**/*.ts',
  'apps/stack-e2e/**/*.ts',
];

/**
 * SQL lives in a feature's repository (`<feature>/<feature>.repository.ts`), the tables in
 * `schema.ts` (docs/architecture.md): elsewhere in an app, no value import of drizzle-orm (its
 * `sql`, `eq`, …), types alone. Test code and migrations may reach the database as they need.
 * libs/ are not covered: libs/persistence is the data layer.
 */
const sqlInRepositories = {
  files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx'],
  ignores: [...testFiles, '**/*.repository.ts', '**/schema.ts', '**/migrations/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['drizzle-orm', 'drizzle-orm/*'],
            allowTypeImports: true,
            message:
              "SQL belongs in the feature's repository (<feature>.repository.ts) or schema.ts; import types only (`import type`) here.",
          },
        ],
      },
    ],
  },
};

export default [
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '**/tmp', '.nx/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(false),
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  { files: HOT_PATHS, rules: { 'no-restricted-syntax': ['error', leadingSpread] } },
  sqlInRepositories,
  {
    files: testFiles,
    rules: {
      '@nx/enforce-module-boundaries': boundaries(true),
      // Tests read loosely-typed JSON responses.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests do not run in production; the spread-led literal cost is per request.
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
];
