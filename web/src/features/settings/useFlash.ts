import { useCallback, useEffect, useState } from 'react';
import { SETTINGS_MESSAGE_MS } from './settingsRules';

export interface Flash {
  tone: 'success' | 'error';
  text: string;
}

/** A message that clears itself after `ms` (§4: 3 s on the settings screen). */
export function useFlash(ms = SETTINGS_MESSAGE_MS) {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), ms);
    return () => clearTimeout(timer);
  }, [flash, ms]);
  const show = useCallback((tone: Flash['tone'], text: string) => setFlash({ tone, text }), []);
  const clear = useCallback(() => setFlash(null), []);
  return { flash, show, clear };
}
