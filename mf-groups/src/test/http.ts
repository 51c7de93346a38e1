/**
 * mf-groups' HTTP double: the kit's MSW double (@wishes/kit-test/http) with answers typed from the
 * operation table: `api.on('getGroup', { group_id: 7 }, body)` answers that operation's method and
 * path with a body of its response type (or a refusal), and records what was sent.
 */
import { mockApi, refuse, type Answer, type OperationAt, type Sent } from '@wishes/kit-test/http';
import { API_ROUTES, apiPath } from '@wishes/kit-session';
import type { ParamsOf, ResponseOf } from '@wishes/kit-client';
import type { OperationId } from '@wishes/kit-contract';

const api = mockApi();

type Reply<Id extends OperationId> = ResponseOf<Id> | Response | ((sent: Sent) => ResponseOf<Id> | Response | Promise<ResponseOf<Id> | Response>);
type ParamsArg<Id extends OperationId> = [ParamsOf<Id>] extends [never] ? Record<string, never> : ParamsOf<Id>;

/** A fresh table for one test: `on` answers an operation, `sent` lists its requests. */
export function groupsApi() {
  const table = api.routes();
  return {
    on<Id extends OperationId>(id: Id, params: ParamsArg<Id>, reply: Reply<Id>, status = API_ROUTES[id].method === 'POST' ? 201 : 200) {
      const path = apiPath(id, params as Record<string, string | number>);
      const answer = async (sent: Sent): Promise<Answer> => {
        const value = typeof reply === 'function' ? await (reply as (s: Sent) => unknown)(sent) : reply;
        return value instanceof Response ? value : { status, body: value };
      };
      table.on(API_ROUTES[id].method, path, answer);
      // The same path with a query (paged lists, an invitee's token).
      return path;
    },
    /** Answers the operation at its parameters and query (`{ params, query }`, checked against the operation). */
    onQuery<Id extends OperationId>(id: Id, at: OperationAt<Id>, reply: ResponseOf<Id>) {
      // An operation of any id inside (the compiler gives up on `operation` over an open id); the signature types it.
      (table.operation as unknown as (id: OperationId, at: unknown, answer: Answer) => void)(id, at, { body: reply });
    },
    sent<Id extends OperationId>(id: Id, params: ParamsArg<Id>, query = '') {
      return table.callsTo(API_ROUTES[id].method, apiPath(id, params as Record<string, string | number>) + query);
    },
    calls: table.calls,
  };
}

export { refuse };
