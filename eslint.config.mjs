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
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
];
