// The writer's suites: no database, no server; pure functions over the corpus and the OpenAI
// client against a local fake (the LLM is the boundary).
module.exports = require('../../build/jest.base')({ env: 'node', testTimeout: 30000 });
