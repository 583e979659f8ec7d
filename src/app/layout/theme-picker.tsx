// The color scheme picker in the header: System (the default), Light or Dark.
import { useThemeStore, type ThemeChoice } from '../../stores/theme-store';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ThemePicker() {
  const choice = useThemeStore((state) => state.choice);
  const setChoice = useThemeStore((state) => state.setChoice);
  return (
    <label title="Color scheme (System follows your operating system)">
      <select
        aria-label="Color scheme"
        data-testid="theme-picker"
        value={choice}
        onChange={(e) => setChoice(e.target.value as ThemeChoice)}
        className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs text-slate-700"
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
