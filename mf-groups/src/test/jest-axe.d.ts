// jest-axe ships no types; the tests only need axe() and its violations.
declare module 'jest-axe' {
  export function axe(html: Element | string, options?: Record<string, unknown>): Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }> }>;
}
