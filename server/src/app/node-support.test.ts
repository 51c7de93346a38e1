import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SUPPORTED_NODE_RANGE, unsupportedNodeMessage } from './node-support';

// The root scripts' check (plain JS, runs before anything is built).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rootCheck = require('../../../build/node-support.js') as { unsupportedNodeMessage: (version: string) => string | null; NODE_RANGE: string };

describe('supported Node lines', () => {
  it('is the range root package.json declares in engines', () => {
    const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(SUPPORTED_NODE_RANGE).toBe(manifest.engines.node);
    expect(rootCheck.NODE_RANGE).toBe(manifest.engines.node);
  });

  it.each(['v22.12.0', 'v22.23.3', 'v24.0.0', 'v24.21.0', 'v26.10.0'])('accepts %s', (version) => {
    expect(unsupportedNodeMessage(version)).toBeNull();
    expect(rootCheck.unsupportedNodeMessage(version)).toBeNull();
  });

  it.each(['v20.20.2', 'v18.20.0', 'v22.11.0', 'v23.1.0', 'v25.2.0', 'v27.0.0'])('refuses %s with one sentence naming the version found, the one needed and where to get it', (version) => {
    const message = unsupportedNodeMessage(version);
    expect(message).toContain(`this is Node ${version}`);
    expect(message).toContain('Node 24 LTS');
    expect(message).toContain('https://nodejs.org');
    // One sentence: no full stop followed by a new sentence before the final one.
    expect(message!.split(/[.!?]\s+(?=[A-Z])/)).toHaveLength(1);
    expect(message!.endsWith('.')).toBe(true);
    expect(rootCheck.unsupportedNodeMessage(version)).toBe(message);
  });
});
