import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, parseDuration } from './config';

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
});
