// Once per jest run: the services (env or testcontainers), then the app bundles that the
// end-to-end tests start as processes. Building here, not per test file, means no test file
// rebuilds dist/ while another file's processes are running from it.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const servicesSetup = require('./libs/testing/global-setup');

module.exports = async function globalSetup() {
  await servicesSetup();
  execFileSync(process.execPath, [path.join(__dirname, 'tools', 'build', 'build.mjs')], {
    stdio: 'ignore',
  });
};
