// mf-auth: its name, dev port and exposed modules come from its entry in the app registry
// (shared/kit-contract/src/registry.ts), which also declares the routes and navigation entries it brings.
const { federationConfig, remoteByFolder } = require('../build/registry');

module.exports = federationConfig(remoteByFolder('mf-auth'));
