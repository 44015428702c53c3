import { useEffect, useRef } from 'react';

/** Tell `onValidityChange` when `valid` first settles and whenever it changes (a step reporting to its wizard). */
export function useValidityReport(valid: boolean, onValidityChange: ((valid: boolean) => void) | undefined): void {
  const reported = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (reported.current === valid) return;
    reported.current = valid;
    onValidityChange?.(valid);
  }, [valid, onValidityChange]);
}
