/**
 * The token service keeps the claims of tokens it has checked (tokens.ts): what it answers must be
 * exactly what a fresh check answers — an expired token refused even though it was kept, the type
 * checked on every call, a changed token checked afresh.
 */
import { createTokenService } from './tokens';

const service = () => createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789', accessTtlSeconds: 60, refreshTtlSeconds: 3600 });

afterEach(() => jest.restoreAllMocks());

it('refuses a kept token once it has expired', () => {
  const tokens = service();
  const token = tokens.issueAccess(7);
  expect(tokens.verify(token, 'access')?.user_id).toBe(7);
  expect(tokens.verify(token, 'access')?.user_id).toBe(7);
  const now = Date.now();
  jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
  expect(tokens.verify(token, 'access')).toBeNull();
  expect(tokens.verify(token, 'access')).toBeNull();
});

it('checks the type on every call, kept or not', () => {
  const tokens = service();
  const access = tokens.issueAccess(7);
  const refresh = tokens.issueRefresh(7, new Date().toISOString());
  for (let i = 0; i < 2; i++) {
    expect(tokens.verify(access, 'refresh')).toBeNull();
    expect(tokens.verify(refresh, 'access')).toBeNull();
    expect(tokens.verify(access, 'access')?.token_type).toBe('access');
    expect(tokens.verify(refresh, 'refresh')?.token_type).toBe('refresh');
  }
});

it('checks a changed token afresh, and a token signed with another secret is never taken', () => {
  const tokens = service();
  const token = tokens.issueAccess(7);
  expect(tokens.verify(token, 'access')).not.toBeNull();
  const [header, payload, signature] = token.split('.');
  const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), user_id: 8 })).toString('base64url');
  expect(tokens.verify(`${header}.${otherUser}.${signature}`, 'access')).toBeNull();
  expect(tokens.verify(`${token}x`, 'access')).toBeNull();
  const foreign = createTokenService({ secret: 'another-secret-that-is-long-enough-987654321', accessTtlSeconds: 60, refreshTtlSeconds: 3600 }).issueAccess(7);
  expect(tokens.verify(foreign, 'access')).toBeNull();
});

it('keeps answering correctly past the number of tokens it keeps', () => {
  const tokens = service();
  const issued = Array.from({ length: 1_200 }, (_, i) => tokens.issueAccess(i + 1));
  for (const token of issued) expect(tokens.verify(token, 'access')).not.toBeNull();
  issued.forEach((token, i) => expect(tokens.verify(token, 'access')?.user_id).toBe(i + 1));
});

it("keeps a token that is in use while more tokens than it keeps come and go (least recently used out first)", () => {
  const tokens = service();
  const busy = tokens.issueAccess(1);
  // A kept token answers its kept claims (the same object); a token checked again, a new one.
  const kept = tokens.verify(busy, 'access');
  for (let i = 0; i < 1_500; i++) {
    expect(tokens.verify(tokens.issueAccess(i + 2), 'access')).not.toBeNull();
    if (i % 100 === 0) expect(tokens.verify(busy, 'access')).toBe(kept);
  }
  expect(tokens.verify(busy, 'access')).toBe(kept);
  // One that was not used since: checked again, with the same answer.
  const idle = tokens.issueAccess(9_999);
  const first = tokens.verify(idle, 'access');
  for (let i = 0; i < 1_000; i++) tokens.verify(tokens.issueAccess(10_000 + i), 'access');
  const again = tokens.verify(idle, 'access');
  expect(again).not.toBe(first);
  expect(again).toEqual(first);
});
