import './altcha';
import type {} from 'altcha/types/react';
import { Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { API_BASE } from '../../api/client';

type AltchaElement = HTMLElement & { reset(): void; verify(): Promise<unknown>; getState(): string };
type WidgetState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

/** Why the form's button waits, in words; a solved captcha needs none. */
const STATUS: Partial<Record<WidgetState, string>> = {
  unverified: 'Tick the box to show you are not a robot.',
  verifying: 'Checking that you are not a robot…',
  expired: 'The check expired; checking again…',
  error: 'The check did not work. Tick the box to try again.',
};

/**
 * The ALTCHA proof-of-work widget. It fetches a challenge from the server, solves it in
 * the browser and hands back the payload; `version` changing asks for a fresh one. A line
 * under it says why the form cannot be sent yet.
 */
export function Captcha({ version, onChange }: { version: number; onChange(payload: string | null): void }) {
  const ref = useRef<AltchaElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // The widget's listeners outlive renders: they call the latest onChange through a ref.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const [state, setState] = useState<WidgetState>('verifying');

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handler = (e: Event) => {
      const detail = (e as CustomEvent<{ state: WidgetState; payload?: string }>).detail;
      setState(detail.state);
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
      // An expired challenge is solved again without asking the user.
      if (detail.state === 'expired') void el.verify();
    };
    el.addEventListener('statechange', handler);
    return () => el.removeEventListener('statechange', handler);
  }, []);

  // The widget's checkbox unticks a solved captcha when clicked, which would throw the
  // solution away and disable the form for nothing: a solved captcha ignores clicks.
  useEffect(() => {
    const wrapper = box.current;
    if (!wrapper) return;
    const keepSolved = (e: Event) => {
      if (ref.current?.getState?.() !== 'verified') return;
      e.preventDefault();
      e.stopPropagation();
    };
    wrapper.addEventListener('click', keepSolved, true);
    return () => wrapper.removeEventListener('click', keepSolved, true);
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

  const status = STATUS[state];
  return (
    <div data-testid="captcha" data-state={state} ref={box}>
      <altcha-widget ref={ref} challenge={`${API_BASE}/captcha/challenge`} auto="onload" name="captcha" />
      {status && (
        <Text size="xs" c={state === 'error' ? 'red' : 'dimmed'} mt={4} aria-live="polite" data-testid="captcha-status">
          {status}
        </Text>
      )}
    </div>
  );
}
