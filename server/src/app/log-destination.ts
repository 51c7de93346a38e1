/**
 * Where the server's log lines go when no stream is given: standard output, written asynchronously
 * (pino's sonic-boom with `sync: false`). A synchronous write per line cost every write request a
 * system call on the event loop (~10 % of a vote's CPU in the issue 35 profile); now lines that come
 * while a write is in flight are written together by the next one, off the event loop. Nothing is
 * held longer than that: `minLength` 0, so a quiet server writes each line at once.
 *
 * Not lost at the end: the app's close and the process's `exit` (process.exit, a fatal error)
 * write what is still buffered synchronously (flushLogs).
 */
import pino from 'pino';

type Destination = ReturnType<typeof pino.destination>;
let destination: Destination | null = null;

/** The one standard-output destination of this process (created on first use). */
export function logDestination(): Destination {
  if (!destination) {
    destination = pino.destination({ dest: 1, sync: false, minLength: 0 });
    process.once('exit', flushLogs);
  }
  return destination;
}

/** Writes what is buffered, synchronously; never throws (a closed or not yet open stdout). */
export function flushLogs(): void {
  try {
    destination?.flushSync();
  } catch {
    // Nothing to write to: the lines cannot be kept anywhere else either.
  }
}
