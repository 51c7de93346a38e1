import { DEFAULT_REMOTE_OVERRIDE_ORIGINS, originAllowed, parseOriginPattern, parseOverrideValue } from './remoteOverride';

describe('REMOTE_OVERRIDE_ORIGINS patterns', () => {
  it('accepts scheme://host[:port|*] only', () => {
    for (const good of ['http://localhost:*', 'http://127.0.0.1:3001', 'https://dev.example.com', 'https://*.dev.example.com:8443', 'http://[::1]:*']) {
      expect([good, parseOriginPattern(good)]).toEqual([good, expect.anything()]);
    }
    for (const bad of ['*', 'localhost', 'http://localhost/', 'http://localhost:3001/x', 'ws://localhost:*', 'http://*:*', 'http://localhost:0', "http://a 'unsafe-inline'", 'http://*']) {
      expect([bad, parseOriginPattern(bad)]).toEqual([bad, null]);
    }
  });

  it('matches scheme, host and port exactly, wildcards only where written', () => {
    const d = DEFAULT_REMOTE_OVERRIDE_ORIGINS;
    expect(originAllowed('http://localhost:3001', d)).toBe(true);
    expect(originAllowed('http://127.0.0.1:45123', d)).toBe(true);
    expect(originAllowed('http://localhost', d)).toBe(true); // ':*' is any port, the default one too (as in CSP)
    expect(originAllowed('http://localhost:3001', ['http://localhost'])).toBe(false); // no port: the default one only
    expect(originAllowed('https://localhost:3001', d)).toBe(false);
    expect(originAllowed('http://localhost.evil.example:3001', d)).toBe(false);
    expect(originAllowed('http://127.0.0.2:3001', d)).toBe(false);
    const sub = ['https://*.dev.example.com'];
    expect(originAllowed('https://team.dev.example.com', sub)).toBe(true);
    expect(originAllowed('https://dev.example.com', sub)).toBe(false);
    expect(originAllowed('https://evildev.example.com', sub)).toBe(false);
    expect(originAllowed('https://team.dev.example.com:444', sub)).toBe(false);
  });

  it('parses <folder>@<url> and <folder>@off', () => {
    expect(parseOverrideValue('mf-feed@http://localhost:3001/remoteEntry.js')).toEqual({ folder: 'mf-feed', off: false, url: 'http://localhost:3001/remoteEntry.js', origin: 'http://localhost:3001' });
    expect(parseOverrideValue('mf-feed@off')).toEqual({ folder: 'mf-feed', off: true });
    expect(parseOverrideValue('MF@off')).toHaveProperty('error');
    expect(parseOverrideValue('mf-feed@/mf/x/remoteEntry.js')).toHaveProperty('error');
    expect(parseOverrideValue('mf-feed@data:text/javascript,alert(1)')).toHaveProperty('error');
  });
});
