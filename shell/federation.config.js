// The host: name and dev port from the kit's SHELL_APP (shared/kit-contract/src/registry.ts); SHELL_DEV_PORT moves the port.
const { SHELL_APP, devPort } = require('../build/registry');

module.exports = {
  name: SHELL_APP.name,
  port: devPort(SHELL_APP.folder, SHELL_APP.devPort),
  host: true,
  // Bundled into main.js with the federation runtime, so it runs before the start-up libraries arrive.
  runtimePlugins: [require.resolve('./src/startup/warmUp.ts')],
};
