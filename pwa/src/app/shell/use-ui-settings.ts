import { useCallback, useState } from 'react';
import { loadUiSettings, UI_SETTINGS_KEY, type UiSettings } from './settings';

export function useUiSettings(): [UiSettings, (change: Partial<UiSettings>) => void] {
  const [settings, setSettings] = useState<UiSettings>(loadUiSettings);
  const update = useCallback((change: Partial<UiSettings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...change };
      try {
        localStorage.setItem(UI_SETTINGS_KEY, JSON.stringify(next));
      } catch {
        // storage unavailable: the change still applies for this visit
      }
      return next;
    });
  }, []);
  return [settings, update];
}
