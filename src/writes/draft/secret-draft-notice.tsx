// Said beside the editor whenever the draft holds a Secret: its text never goes to the browser's storage.

export const SECRET_DRAFT_NOTICE = 'Secret drafts are kept in memory only: they are not saved in this browser and are lost when you close or reload the tab.';

export function SecretDraftNotice() {
  return (
    <p role="note" data-testid="secret-draft-notice" className="border-b border-amber-200 bg-amber-50 px-4 py-1 text-xs text-amber-900">
      {SECRET_DRAFT_NOTICE}
    </p>
  );
}
