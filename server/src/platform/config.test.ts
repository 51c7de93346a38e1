import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, isLocalOrigin, loadConfig, MAIL_TRANSPORT_MISSING, parseDuration } from './config';
import { buildApp } from '../app/app';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'wishes-config-'));

describe('config', () => {
  it('parses durations', () => {
    expect(parseDuration('30s', 'X')).toBe(30);
    expect(parseDuration('15m', 'X')).toBe(900);
    expect(parseDuration('2h', 'X')).toBe(7200);
    expect(parseDuration('7d', 'X')).toBe(604800);
    expect(parseDuration('45', 'X')).toBe(45);
    expect(() => parseDuration('soon', 'X')).toThrow(ConfigError);
    expect(() => parseDuration('0s', 'X')).toThrow(ConfigError);
  });

  it('has the contract defaults', () => {
    const dataDir = tmp();
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.port).toBe(8000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBe(`sqlite:${path.join(dataDir, 'wishes.db')}`);
    expect(c.publicUrl).toBe('http://localhost:8000');
    expect(c.accessTokenTtlSeconds).toBe(900);
    expect(c.refreshTokenTtlSeconds).toBe(7 * 86400);
    expect(c.generationLimitPerHour).toBe(20);
    expect(c.generator).toBe('template');
    expect(c.mailFrom).toBe('no-reply@localhost');
    expect(c.rateLimitScale).toBe(1);
    expect(c.seedDemo).toBe(true);
    // The generated secret is kept: a second load reads the same one.
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(c.jwtSecret);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['ACCESS_TOKEN_TTL', '15 minutes'],
    ['GENERATION_LIMIT_PER_HOUR', '-1'],
    ['GENERATOR', 'magic'],
    ['SMTP_URL', 'http://mail'],
    ['RATE_LIMIT_SCALE', '0'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'short'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['MEDIA_STORAGE', 's3'],
    // Media in PostgreSQL needs a PostgreSQL database (the default is SQLite).
    ['MEDIA_STORAGE', 'postgres'],
  ])('fails fast on %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(new RegExp(name));
  });

  it('reads overrides from the environment', () => {
    const c = loadConfig({ DATA_DIR: tmp(), PORT: '9000', PUBLIC_URL: 'https://wishes.example/', RATE_LIMIT_SCALE: '2.5', SEED_DEMO: 'false', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.port).toBe(9000);
    expect(c.publicUrl).toBe('https://wishes.example');
    expect(c.rateLimitScale).toBe(2.5);
    expect(c.seedDemo).toBe(false);
    expect(c.databaseUrl).toBe('postgres://u@h/db');
  });

  describe('the production guards', () => {
    it('knows the local origins: localhost, *.localhost, 127.0.0.0/8, [::1]', () => {
      for (const origin of ['http://localhost:8000', 'http://wishes.localhost', 'http://127.0.0.1:3000', 'http://127.20.1.9', 'http://[::1]:8000']) expect([origin, isLocalOrigin(origin)]).toEqual([origin, true]);
      for (const origin of ['https://wishes.example.org', 'http://wishes.test', 'http://10.0.0.2:8000', 'http://localhost.example.com', 'http://128.0.0.1', 'http://[::2]']) expect([origin, isLocalOrigin(origin)]).toEqual([origin, false]);
    });

    it('a local PUBLIC_URL keeps the quick start: demo content and outbox mail with no variable set', () => {
      expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ production: false, seedDemo: true, mailTransport: 'outbox' });
      expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'http://127.0.0.1:8000', SMTP_URL: 'smtp://mail:25' })).toMatchObject({ production: false, seedDemo: true, mailTransport: 'smtp' });
    });

    it('a public PUBLIC_URL or NODE_ENV=production: no demo content unless SEED_DEMO=true, and no mail transport unless one is set', () => {
      expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://wishes.example.org' })).toMatchObject({ production: true, seedDemo: false, mailTransport: undefined });
      expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' })).toMatchObject({ production: true, seedDemo: false, mailTransport: undefined });
      expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://wishes.example.org', SEED_DEMO: 'true', MAIL_TRANSPORT: 'outbox' })).toMatchObject({ seedDemo: true, mailTransport: 'outbox' });
      expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://wishes.example.org', SMTP_URL: 'smtp://mail:25' })).toMatchObject({ mailTransport: 'smtp' });
      // Said explicitly, outbox wins over a configured SMTP server.
      expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://wishes.example.org', SMTP_URL: 'smtp://mail:25', MAIL_TRANSPORT: 'outbox' })).toMatchObject({ mailTransport: 'outbox' });
    });

    it('refuses MAIL_TRANSPORT=smtp without SMTP_URL, and a transport it does not know', () => {
      expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'smtp' })).toThrow(/^MAIL_TRANSPORT=smtp needs SMTP_URL/);
      expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'pigeon' })).toThrow(/^MAIL_TRANSPORT must be "smtp" or "outbox"/);
    });

    it('buildApp refuses to start without a transport, in one sentence naming SMTP_URL and MAIL_TRANSPORT', async () => {
      await expect(buildApp({}, { env: { DATA_DIR: tmp(), PUBLIC_URL: 'https://wishes.example.org', JWT_SECRET: 'x'.repeat(32) } })).rejects.toThrow(new ConfigError(MAIL_TRANSPORT_MISSING));
      expect(MAIL_TRANSPORT_MISSING).toMatch(/SMTP_URL.*MAIL_TRANSPORT/);
      expect(MAIL_TRANSPORT_MISSING.split('. ')).toHaveLength(1);
    });
  });
});
