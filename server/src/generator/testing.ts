/** Test helpers of the generator area. */

/** Parses an event-stream body into its events. */
export function parseEvents(raw: string): Array<{ event: string; data: any }> {
  return raw
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/mu.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/mu.exec(block)?.[1];
      return { event, data: data ? JSON.parse(data) : null };
    });
}
