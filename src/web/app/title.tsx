import { useEffect } from 'react';
import { pageTitle } from '../../domain/screens';

/** The browser tab says which screen this is: "Orders · Leadline". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

export function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return children;
}
