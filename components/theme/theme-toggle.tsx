'use client';

import { useEffect, useState } from 'react';
import { isDark, readThemeChoice, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from './theme-choice';

const LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light, dark or the system's choice; remembered in this browser. */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice | null>(null);

  useEffect(() => {
    setChoice(readThemeChoice(localStorage.getItem(THEME_STORAGE_KEY)));
  }, []);

  useEffect(() => {
    if (!choice) return;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const apply = () => document.documentElement.classList.toggle('dark', isDark(choice, media.matches));
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [choice]);

  return (
    <label className="flex items-center gap-1 text-xs text-slate-600">
      <span className="sr-only sm:not-sr-only">Theme</span>
      <select
        className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs text-slate-700"
        value={choice ?? 'system'}
        onChange={(event) => {
          const next = readThemeChoice(event.target.value);
          localStorage.setItem(THEME_STORAGE_KEY, next);
          setChoice(next);
        }}
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
