// Every project's tests in one jest run (npm test). Projects are found by their jest.config.js.
const fs = require('node:fs');
const path = require('node:path');

const projects = [
  ...['apps', 'libs'].flatMap((group) =>
    fs
      .readdirSync(path.join(__dirname, group))
      .map((name) => path.join(__dirname, group, name, 'jest.config.js'))
      .filter((file) => fs.existsSync(file)),
  ),
  // The Kubernetes manifests' generator and its spec (docs/deployment-kubernetes.md).
  path.join(__dirname, 'deploy', 'k8s', 'jest.config.js'),
];

/** @type {import('jest').Config} */
module.exports = { projects };
module.exports.globalSetup = '<rootDir>/jest.global-setup.js';
module.exports.globalTeardown = '<rootDir>/libs/testing/global-teardown.js';
