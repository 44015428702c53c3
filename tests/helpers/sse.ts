/** One server-sent event as a client reads it. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Read a text/event-stream response event by event (comments skipped). `next()` waits for
 * the next event, failing after `ms`; `close()` cancels the stream.
 */
export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseEvent[] = [];

  function parse() {
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const lines = block.split('\n').filter((l) => !l.startsWith(':'));
      if (lines.length === 0) continue;
      const field = (name: string) => lines.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).trim()).join('\n');
      queue.push({ event: field('event') || 'message', data: field('data') });
    }
  }

  return {
    async next(ms = 3000): Promise<SseEvent> {
      const deadline = Date.now() + ms;
      while (queue.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event in time');
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no event in time')), left))),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
      return queue.shift()!;
    },
    /** Events already received and not read yet (no waiting). */
    pending: () => queue.length,
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}
