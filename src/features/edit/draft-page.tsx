// The shape the edit and the create screens share: a header (badges, title, facts, actions), then the draft's
// banners in one order (notices, refusals, a failed write's outcome and Status, the server's warnings), the view
// tabs, and the body.
import type { ReactNode } from 'react';
import { WarningList } from '../../components/ui/warning-list';

const BADGE_TONES = {
  amber: 'bg-amber-100 text-amber-800',
  emerald: 'bg-emerald-100 text-emerald-800',
  slate: 'bg-slate-100 text-slate-600',
} as const;

export interface DraftPageBadge {
  label: string;
  tone: keyof typeof BADGE_TONES;
}

export interface DraftPageProps {
  badges: DraftPageBadge[];
  title: { id: string; text: string; mono?: boolean; testId?: string };
  /** The header may take a second line (the create screen's template picker); else its facts are cut short. */
  headerWraps?: boolean;
  /** Short facts after the title (scope, resourceVersion, the draft's state). */
  facts: ReactNode;
  actions: ReactNode;
  /** What happened to the draft or the object: restored, changed on the server, saved. */
  notices: ReactNode;
  /** Why nothing was sent: the checks before a write. */
  refusals: ReactNode;
  /** A write that failed: its outcome and the Status the server sent; null when none did. */
  failure: ReactNode;
  warnings: { list: string[]; testId: string };
  /** One row of tabs each (YAML or Form; the text or the server's preview); a falsy row is not shown. */
  views: ReactNode[];
  body: ReactNode;
}

export function DraftPage({ badges, title, headerWraps = false, facts, actions, notices, refusals, failure, warnings, views, body }: DraftPageProps) {
  return (
    <article aria-labelledby={title.id} className="flex h-full min-h-0 flex-col">
      <header className={`flex min-h-11 shrink-0 items-center gap-x-3 border-b border-slate-200 px-4 py-2${headerWraps ? ' flex-wrap gap-y-1' : ''}`}>
        {badges.map((badge, i) => (
          <span key={i} className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ${BADGE_TONES[badge.tone]}`}>
            {badge.label}
          </span>
        ))}
        <h1
          id={title.id}
          className={`shrink-0 whitespace-nowrap text-sm font-semibold text-slate-900${title.mono ? ' font-mono' : ''}`}
          data-testid={title.testId}
        >
          {title.text}
        </h1>
        {facts}
        <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div>
      </header>

      <div className="shrink-0">
        {notices}
        {refusals}
        {failure ? <div className="border-b border-red-200 p-3">{failure}</div> : null}
        <WarningList warnings={warnings.list} testId={warnings.testId} />
        {views.map((row, i) =>
          row ? (
            <div key={i} className="border-b border-slate-200 px-4 py-1.5">
              {row}
            </div>
          ) : null,
        )}
      </div>

      <div className="min-h-0 flex-1 p-2">{body}</div>
    </article>
  );
}
