/**
 * A kit package's version changes whenever its content does (a tarball at /kit/ is immutable and
 * cached for good). `npm run kit:pack` hashes each package's staged content (every file that goes
 * into its tarball, by path) and compares it with build/kit-content.json, the record committed
 * with the sources: the same version with other content stops the pack, naming the package; a new
 * version is recorded. So a change that reaches a tarball (a source, a bundled contract table, a
 * pinned dependency) cannot ship under a version that was already served with other bytes.
 */
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const RECORD = path.join(__dirname, 'kit-content.json');

function filesUnder(dir, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

/** sha256 over the staged package's files, each as its path and content. */
function contentHash(dir) {
  const hash = nodeCrypto.createHash('sha256');
  for (const file of filesUnder(dir)) hash.update(file).update('\0').update(fs.readFileSync(path.join(dir, file))).update('\0');
  return hash.digest('hex');
}

function readRecord(file = RECORD) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { packages: {} };
}

/**
 * Checks `packed` ([{name, version, content}]) against the record: returns the problems (same
 * version, other content) and the record to write (new versions recorded, gone packages dropped).
 */
function checkContent(packed, record) {
  const problems = [];
  const next = { packages: {} };
  for (const { name, version, content } of packed) {
    const known = record.packages[name];
    if (known && known.version === version && known.content !== content) {
      problems.push(`${name} ${version}: its content changed but its version did not; bump "version" in its package.json (and add a CHANGELOG entry), then pack again`);
      next.packages[name] = known;
    } else next.packages[name] = { version, content };
  }
  return { problems, record: next };
}

function writeRecord(record, file = RECORD) {
  const sorted = { packages: Object.fromEntries(Object.entries(record.packages).sort(([a], [b]) => a.localeCompare(b))) };
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

module.exports = { RECORD, contentHash, checkContent, readRecord, writeRecord };
