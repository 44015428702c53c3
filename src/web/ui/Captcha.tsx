import './altcha';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import { API_BASE } from '../../api/client';

type AltchaElement = HTMLElement & { reset(): void; verify(): Promise<unknown> };

/**
 * The ALTCHA proof-of-work widget. It fetches a challenge from the server, solves it in
 * the browser and hands back the payload; `version` changing asks for a fresh one.
 */
export function Captcha({ version, onChange }: { version: number; onChange(payload: string | null): void }) {
  const ref = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handler = (e: Event) => {
      const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', handler);
    return () => el.removeEventListener('statechange', handler);
  }, []);

  // A mounted widget fetches its own first challenge; a later failed login spends the
  // captcha, so each new version asks the same widget for a fresh one.
  const mountedVersion = useRef(version);
  useEffect(() => {
    const el = ref.current;
    if (!el || version === mountedVersion.current || typeof el.reset !== 'function') return;
    mountedVersion.current = version;
    onChangeRef.current(null);
    el.reset();
    void el.verify();
  }, [version]);

  return (
    <div data-testid="captcha">
      <altcha-widget ref={ref} challenge={`${API_BASE}/captcha/challenge`} auto="onload" name="captcha" />
    </div>
  );
}
