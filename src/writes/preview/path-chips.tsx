// Field paths as chips (changed on the server, merged, set by the server): the first few, then how many more.

const CHIP = 'rounded bg-white/70 px-1.5 py-0.5 font-mono text-[11px]';

export interface PathChipsProps {
  paths: readonly string[];
  testId: string;
  /** How many to show before "and N more". */
  max: number;
  chipClassName?: string;
}

export function PathChips({ paths, testId, max, chipClassName = CHIP }: PathChipsProps) {
  const shown = paths.slice(0, max);
  return (
    <ul data-testid={testId} className="mt-1 flex flex-wrap gap-1">
      {shown.map((p) => (
        <li key={p} className={chipClassName}>
          {p}
        </li>
      ))}
      {paths.length > shown.length && <li className="text-[11px]">and {paths.length - shown.length} more</li>}
    </ul>
  );
}
