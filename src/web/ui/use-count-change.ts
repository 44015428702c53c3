import { useEffect, useRef, useState } from 'react';

/**
 * What to say when a live table's total changes by itself: the same query (`key`) answered
 * again with another `count` (server push, a timed reload). A new query (a filter, a page,
 * another tab) is what the user asked for and sees: it resets silently. Pass `undefined`
 * while the table shows a previous query's rows. The words come from `say(delta)`.
 */
export function useCountChange(key: string, count: number | undefined, say: (delta: number) => string): { text: string; seq: number } {
  const last = useRef<{ key: string; count: number } | null>(null);
  const [said, setSaid] = useState({ text: '', seq: 0 });
  useEffect(() => {
    if (count === undefined) return;
    const before = last.current;
    last.current = { key, count };
    if (before && before.key === key && before.count === count) return;
    const text = before && before.key === key ? say(count - before.count) : '';
    // Only a change of words or a new change is set: an unchanged '' renders nothing again.
    setSaid((s) => (text === '' && s.text === '' ? s : { text, seq: s.seq + 1 }));
  }, [key, count, say]);
  return said;
}
