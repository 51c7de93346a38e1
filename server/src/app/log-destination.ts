/**
 * Where the server's log lines go when no stream is given: standard output, written asynchronously
 * (pino's sonic-boom with `sync: false`). A synchronous write per line cost every write request a
 * system call on the event loop (~10 % of a vote's CPU in a profile under load); now lines that come
 * while a write is in flight are written together by the next one, off the event loop. Lines are
 * gathered up to 4 KB (`minLength`) and written at least every FLUSH_MS (`periodicFlush`): each
 * write is a hop through libuv's thread pool (~18 µs of a vote's ~180 µs of server CPU in a
 * profile under load, one per request line), so under load one write carries dozens of lines, and a
 * quiet server's line waits at most FLUSH_MS.
 *
 * Not lost at the end: the app's close and the process's `exit` (process.exit, a fatal error)
 * write what is still buffered synchronously (flushLogs).
 */
import pino from 'pino';

type Destination = ReturnType<typeof pino.destination>;
/** Lines gathered before a write (4 KB: pino's own suggestion for asynchronous logging). */
const GATHER_BYTES = 4096;
/** The longest a line waits to be written. */
const FLUSH_MS = 100;
let destination: Destination | null = null;

/** The one standard-output destination of this process (created on first use). */
export function logDestination(): Destination {
  if (!destination) {
    destination = pino.destination({ dest: 1, sync: false, minLength: GATHER_BYTES, periodicFlush: FLUSH_MS });
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
