import { resetLinkParts } from './resetLink';

describe('resetLinkParts', () => {
  it('reads named params and strips trailing slashes from the token', () => {
    expect(resetLinkParts({ uid: 'MQ', token: 'abc-123//' })).toEqual({ uid: 'MQ', token: 'abc-123' });
  });
  it('reads a catch-all path of exactly two parts', () => {
    expect(resetLinkParts({ '*': 'MQ/abc-123/' })).toEqual({ uid: 'MQ', token: 'abc-123' });
  });
  it('gives empty parts for an incomplete or over-long path', () => {
    expect(resetLinkParts({ '*': 'MQ' })).toEqual({ uid: '', token: '' });
    expect(resetLinkParts({ '*': '' })).toEqual({ uid: '', token: '' });
    expect(resetLinkParts({ '*': 'a/b/c' })).toEqual({ uid: '', token: '' });
    expect(resetLinkParts({})).toEqual({ uid: '', token: '' });
  });
  it('treats a token of only slashes as missing', () => {
    expect(resetLinkParts({ uid: 'MQ', token: '/' })).toEqual({ uid: 'MQ', token: '' });
  });
});
