import { CAPTCHA_RETRY_MS, identityEndpoints, solveCaptcha } from '@tantieme/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../api';

export type CaptchaStatus = 'solving' | 'ok' | 'error';

/**
 * Invisible ALTCHA proof-of-work: fetches a challenge and solves it in the background; on
 * failure retries after 2 s (SPEC §9). `take()` hands out the single-use payload and starts
 * solving the next one (for 'Renvoyer le code').
 */
export function useCaptcha(enabled = true) {
  const [status, setStatus] = useState<CaptchaStatus>('solving');
  const payload = useRef<string | null>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the trigger for a new challenge.
  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    payload.current = null;
    setStatus('solving');
    (async () => {
      try {
        const c = await api.call(identityEndpoints.captchaChallenge);
        const p = await solveCaptcha(c, ctrl.signal);
        if (ctrl.signal.aborted) return;
        if (!p) throw new Error('unsolved');
        payload.current = p;
        setStatus('ok');
      } catch {
        if (ctrl.signal.aborted) return;
        setStatus('error');
        retry = setTimeout(() => setRound((r) => r + 1), CAPTCHA_RETRY_MS);
      }
    })();
    return () => {
      ctrl.abort();
      if (retry) clearTimeout(retry);
    };
  }, [enabled, round]);
  const take = useCallback(() => {
    const p = payload.current;
    if (p) {
      payload.current = null;
      setRound((r) => r + 1);
    }
    return p;
  }, []);
  return { status, take };
}
