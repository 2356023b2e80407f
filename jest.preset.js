// Shared jest settings: SWC transform and the tsconfig path aliases, so tests import libs as apps do.
const path = require('node:path');
const tsconfig = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    path.join(__dirname, target),
  ]),
);

/** @returns {import('jest').Config} */
module.exports = function preset(name, dir, overrides = {}) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts'],
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
          module: { type: 'commonjs' },
          sourceMaps: 'inline',
        },
      ],
    },
    // ESM sources (libs/sdk) import each other with `.js`: resolve them to the `.ts` files.
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', ...moduleNameMapper },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.js')],
    ...overrides,
  };
};
