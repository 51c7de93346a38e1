// mf-groups's federation settings (name, dev port, exposed modules) from its own declaration, remote.config.ts.
const { federationConfig, readDeclaration } = require('@wishes/kit-build');

module.exports = federationConfig(readDeclaration(__dirname));
