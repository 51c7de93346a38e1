/**
 * Test data through the real HTTP API (the operation table, shared/kit-contract/src/operations.ts): users, tokens, wishes, votes,
 * subscriptions, avatars. Every user gets a unique email so parallel tests never collide.
 */
import { randomBytes } from 'node:crypto';
import { API_ROUTES, apiPath, type ApiOperationId } from '../../shared/kit-contract/src/routes';
/** An operation's method and path from the operation table (@wishes/kit-contract/routes). */
const at = (id: ApiOperationId, params: Record<string, string | number> = {}) => [API_ROUTES[id].method, apiPath(id, params)] as const;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** "First Last", how the site shows the person. */
  fullName: string;
  access: string;
  refresh: string;
}

export interface CreateUserOptions {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  phone?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  }
}

let counter = 0;
/** A short string unique across workers and runs, safe in emails and names. */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter.toString(36)}${randomBytes(2).toString('hex')}`;
}

/** A password that passes Django's four validators and is unlike any email or name we make. */
export function strongPassword(): string {
  return `Gx!${randomBytes(6).toString('hex')}-Qv9`;
}

const NAMES = ['Alice', 'Bruno', 'Chiara', 'Dmitri', 'Elena', 'Farah', 'Gustav', 'Hana', 'Ivo', 'Jun'];
const SURNAMES = ['Keller', 'Lopez', 'Moreau', 'Novak', 'Okafor', 'Petrov', 'Quinn', 'Rossi', 'Sato', 'Tanaka'];

export class Api {
  constructor(readonly baseURL: string) {}

  async request<T = any>(method: string, path: string, options: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; expect?: number[] } = {}): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseURL + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    const ok = options.expect ? options.expect.includes(response.status) : response.ok;
    if (!ok) throw new ApiError(response.status, parsed, `${method} ${path}`);
    return { status: response.status, body: parsed as T };
  }

  /** Signs up through POST /api/base/create_user/ and logs in through POST /api/token/. */
  async createUser(options: CreateUserOptions = {}): Promise<TestUser> {
    const tag = unique();
    const firstName = options.firstName ?? NAMES[Math.floor(Math.random() * NAMES.length)];
    const lastName = options.lastName ?? `${SURNAMES[Math.floor(Math.random() * SURNAMES.length)]}`;
    const email = (options.email ?? `e2e-${tag}@example.com`).toLowerCase();
    const password = options.password ?? strongPassword();
    const { body } = await this.request<{ user_id: number }>(...at('createUser'), {
      json: { email, password, first_name: firstName, last_name: lastName, phone: options.phone ?? '+15550100' },
    });
    const tokens = await this.login(email, password);
    return { id: body.user_id, email, password, firstName, lastName, fullName: `${firstName} ${lastName}`.trim(), ...tokens };
  }

  async login(email: string, password: string): Promise<{ access: string; refresh: string }> {
    const { body } = await this.request<{ access: string; refresh: string }>(...at('obtainToken'), { json: { username: email, password } });
    return body;
  }

  async createWish(user: TestUser, text: string, isPublic = true): Promise<number> {
    const { body } = await this.request<{ wish_id: number }>(...at('saveWish'), { token: user.access, json: { text, is_public: isPublic } });
    return body.wish_id;
  }

  /** Creates `count` public wishes, oldest first; returns their ids in creation order. */
  async createWishes(user: TestUser, count: number, text: (i: number) => string): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(await this.createWish(user, text(i)));
    return ids;
  }

  async vote(user: TestUser, wishId: number, voteType: 'upvote' | 'downvote') {
    return (await this.request(...at('voteOnWish', { id: wishId }), { token: user.access, json: { vote_type: voteType } })).body;
  }

  async subscribe(user: TestUser, targetId: number) {
    return (await this.request(...at('subscribe', { id: targetId }), { token: user.access })).body;
  }

  async wish(wishId: number, user?: TestUser) {
    return this.request(...at('getWish', { id: wishId }), { token: user?.access, expect: [200, 404] });
  }

  async profile(userId: number, user?: TestUser) {
    return (await this.request(...at('getProfile', { id: userId }), { token: user?.access })).body;
  }

  async options(): Promise<{ site_name: string; greeting_config_params: { styles: string[]; audiences: string[]; topics: Array<{ topic: string; topic_details: string; image_url: string | null }> }; report_topic_config: string[] }> {
    return (await this.request(...at('getOptions'))).body;
  }

  async uploadAvatar(user: TestUser, png: Buffer) {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
    return (await this.request(...at('uploadAvatar'), { token: user.access, body: form })).body;
  }
}
