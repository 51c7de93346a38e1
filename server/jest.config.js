module.exports = require('../build/jest.base')({ env: 'node', testTimeout: 30000 });
