module.exports = require('../../build/jest.base')({ env: 'jsdom', setupFilesAfterEnv: ['<rootDir>/../../build/jest.setup-dom.js'] });
