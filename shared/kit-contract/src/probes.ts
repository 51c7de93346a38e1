/**
 * The load balancer's probes. They are not API operations (no /api prefix, hidden from the
 * OpenAPI), so they live beside the operation table rather than in it; the server registers them
 * and every harness that waits for a server polls them from here.
 */
export const PROBE_PATHS = {
  /** Liveness: the process answers. */
  live: '/healthz',
  /** Readiness: the database answers too (503 while it does not). */
  ready: '/readyz',
  /** Operators' metrics (Prometheus text): behind METRICS_TOKEN, or on METRICS_PORT. Not a probe, but the same kind of path. */
  metrics: '/metrics',
} as const;
