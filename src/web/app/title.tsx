import { createContext, useContext, useLayoutEffect } from 'react';
import { pageTitle } from '../../domain/screens';

/**
 * The browser tab says which screen this is: "Orders · Leadline", or for a part of a
 * screen "Deposit · Billing · Leadline". Titles nest: a route names its screen and the
 * screen may name what inside it is shown (a tab); the deepest mounted title wins,
 * whatever order React runs the effects in (a child's run before its parent's, so a plain
 * "last write wins" would let the route's title hide the tab's).
 */
const Depth = createContext(0);

interface Entry {
  depth: number;
  title: string;
  /** Mount order: among titles of one depth, the latest wins. */
  order: number;
}
const mounted = new Map<symbol, Entry>();
let counter = 0;

function show(): void {
  let best: Entry | null = null;
  for (const e of mounted.values()) if (!best || e.depth > best.depth || (e.depth === best.depth && e.order > best.order)) best = e;
  if (best) document.title = pageTitle(best.title);
}

/** Name the page `title` at this component's depth of nested titles. */
export function useDocumentTitle(title: string): void {
  const depth = useContext(Depth);
  useLayoutEffect(() => {
    const key = Symbol(title);
    mounted.set(key, { depth, title, order: ++counter });
    show();
    return () => {
      mounted.delete(key);
      show();
    };
  }, [title, depth]);
}

/** A title for everything inside; a Titled within it (a tab of the screen) is more specific. */
export function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  const depth = useContext(Depth);
  return <Depth.Provider value={depth + 1}>{children}</Depth.Provider>;
}
