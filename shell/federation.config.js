// The host: name and dev port from the app registry (shared/src/registry.ts); SHELL_DEV_PORT moves the port.
const { SHELL_APP, devPort } = require('../build/registry');

module.exports = { name: SHELL_APP.name, port: devPort(SHELL_APP.folder, SHELL_APP.devPort), host: true };
