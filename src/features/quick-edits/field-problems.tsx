// Inline problems under an input, tied to it with aria-describedby (the input gets aria-invalid).
export const primaryButton =
  'rounded border border-indigo-600 bg-indigo-600 px-2 py-0.5 text-xs font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50';
export const secondaryButton =
  'rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
export const inputClass = 'rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs aria-[invalid=true]:border-red-500 aria-[invalid=true]:bg-red-50';

/** `subject` prefixes each problem ("Key: …") where the input alone does not say which field it is. */
export function FieldProblems({ id, subject, problems }: { id: string; subject?: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} role="alert" className="mt-1 space-y-0.5 text-xs text-red-700">
      {problems.map((p) => (
        <li key={p}>
          {subject ? `${subject}: ${p}` : p}
        </li>
      ))}
    </ul>
  );
}
