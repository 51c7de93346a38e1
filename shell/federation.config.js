// The host: name and dev port from the app registry (shared/src/registry.ts).
const { SHELL_APP } = require('../build/registry');

module.exports = { name: SHELL_APP.name, port: SHELL_APP.devPort, host: true };
