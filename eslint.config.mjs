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
 * (docs/performance.md, finding 39). Starting the literal with `...{}` keeps one class.
 */
const leadingSpread = {
  selector:
    "ObjectExpression[properties.length>1] > SpreadElement:first-child:not([argument.type='ObjectExpression'][argument.properties.length=0])",
  message:
    'Start this object literal with `...{}` (or a property): a literal led by a spread gets a new V8 map per evaluation (docs/performance.md, finding 39).',
};

const testFiles = [
  '**/*.spec.ts',
  '**/test-harness.ts',
  '**/__fixtures__/**/*.ts',
  'apps/stack-e2e/**/*.ts',
];

export default [
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '**/tmp', '.nx/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(false),
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', leadingSpread],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: testFiles,
    rules: {
      '@nx/enforce-module-boundaries': boundaries(true),
      // Tests read loosely-typed JSON responses.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests do not run in production; finding 39 is about per-request cost.
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
];
