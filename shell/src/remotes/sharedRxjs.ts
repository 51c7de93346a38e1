/**
 * The whole of rxjs, in the shell's share scope for the remotes ('rxjs' in
 * shared/kit-build/src/federation.shared.js). The shell's own start-up takes only what the kit uses
 * (Subject, BehaviorSubject), served from rxjs's own files (shared/kit-build/src/webpack.factory.js); webpack
 * provides a shared module only when the build imports it, so this lazy import, which the shell
 * never runs, is what makes the shell provide the library. A remote that imports 'rxjs' then gets
 * it from the same module files: the same Subject class as the bus and the session.
 */
export function loadSharedRxjs(): Promise<typeof import('rxjs')> {
  return import('rxjs');
}
