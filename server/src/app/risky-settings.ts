/**
 * The production guards' start-up report (docs/operations.md, "Production guards"): at every start
 * one warning line per risky setting, so a quick-start default that reached a real deployment is
 * seen in the first lines of its log. The X-Forwarded-For line comes from requests, once.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import type { Config } from '../platform/config';

/** The warning lines for this start (main.ts logs each); `demoEmails`: the demo accounts whose passwords are published (seed/demo-content.ts). */
export async function riskySettingLines(deps: Pick<AppDeps, 'db' | 'config'>, demoEmails: string[]): Promise<string[]> {
  const { db, config } = deps;
  const lines: string[] = [];
  if (config.mailTransport === 'outbox') {
    lines.push(`Mail is only written to ${config.outboxDir} and never sent (MAIL_TRANSPORT=outbox): wishes, password resets and verification links reach no one; set SMTP_URL to send.`);
  }
  if (!config.production) {
    lines.push(`PUBLIC_URL ${config.publicUrl} is a local origin: links in mails open only on this machine, and demo content and outbox mail are on by default; set PUBLIC_URL to the site's public address.`);
  }
  const demo = await db.selectFrom('users').select('email').where('email', 'in', demoEmails.map((email) => email.toLowerCase())).execute();
  if (demo.length > 0) {
    lines.push(`${demo.length} demo accounts whose passwords are published in the repository exist (${demo.map((u) => u.email).join(', ')}): delete them before anyone else uses this site.`);
  }
  return lines;
}

/**
 * With TRUST_PROXY=false a request carrying X-Forwarded-For most likely came through a proxy the
 * server does not believe: every client then shares the proxy's address for rate limits and
 * lockouts. Logged once per process, when first seen.
 */
export function warnUntrustedForwardedFor(app: FastifyInstance, config: Pick<Config, 'trustProxy'>) {
  if (config.trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn('Requests carry X-Forwarded-For but TRUST_PROXY=false: every client behind that proxy shares its address for rate limits and sign-in lockouts; set TRUST_PROXY to the proxy (docs/operations.md).');
    }
    done();
  });
}
