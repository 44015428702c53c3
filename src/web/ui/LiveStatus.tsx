import { VisuallyHidden } from '@mantine/core';

/**
 * A polite status region, visually hidden: a screen reader reads its words when they
 * change, and the focus stays where it is. Render it from the screen's first paint (a
 * region that appears with its words is often not read). A new `seq` puts the words in a
 * new node, so the same words said twice ("1 lead added", then again) are read twice.
 */
export function LiveStatus({ text, seq = 0, testId }: { text: string; seq?: number; testId?: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" data-testid={testId}>
      <span key={seq}>{text}</span>
    </VisuallyHidden>
  );
}
