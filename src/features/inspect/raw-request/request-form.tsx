// The request line and its switches: verb, API path (completed from discovery), Accept, Content-Type, dry run, field manager.
import { useId } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ACCEPTS, CONTENT_TYPES, OBJECT_CONTENT_TYPES, PATCH_CONTENT_TYPES, VERBS, contentTypeFits, defaultContentType, isWrite, type RawRequest, type Verb } from './request-url';
import { usePathSuggestions } from './use-path-suggestions';

export interface RequestFormProps {
  context: string;
  request: RawRequest;
  onChange: (next: RawRequest) => void;
  onSend: () => void;
  /** Why the path cannot be sent; null when it can. */
  pathProblem: string | null;
  watching: boolean;
  sending: boolean;
}

const selectClass = 'rounded border border-slate-300 bg-white px-2 py-1 text-sm';

export function RequestForm({ context, request, onChange, onSend, pathProblem, watching, sending }: RequestFormProps) {
  const listId = useId();
  const problemId = useId();
  const suggestions = usePathSuggestions(context, request.path);
  const set = (patch: Partial<RawRequest>) => onChange({ ...request, ...patch });
  const setVerb = (verb: Verb) => set({ verb, contentType: contentTypeFits(verb, request.contentType) ? request.contentType : defaultContentType(verb) });
  const write = isWrite(request.verb);
  // An empty path is not an error yet: Send stays disabled without saying so.
  const showProblem = pathProblem !== null && request.path !== '';
  return (
    <form
      className="space-y-2"
      aria-label="Request"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <div className="flex items-center gap-2">
        <select aria-label="Verb" value={request.verb} onChange={(e) => setVerb(e.target.value as Verb)} className={`${selectClass} font-mono font-semibold`}>
          {VERBS.map((verb) => (
            <option key={verb}>{verb}</option>
          ))}
        </select>
        <input
          aria-label="API path"
          aria-invalid={showProblem}
          aria-describedby={showProblem ? problemId : undefined}
          list={listId}
          value={request.path}
          onChange={(e) => set({ path: e.target.value })}
          placeholder="/api/v1/namespaces/default/pods"
          spellCheck={false}
          autoComplete="off"
          className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 font-mono text-sm"
        />
        <datalist id={listId} data-testid="path-suggestions">
          {suggestions.map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
        <button type="submit" disabled={pathProblem !== null || sending || watching} className={buttonStyles.primary} title="Send (Ctrl+Enter)">
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {showProblem && (
        <p id={problemId} role="alert" data-testid="path-problem" className="text-xs text-red-700">
          {pathProblem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-1">
          Accept
          <select aria-label="Accept" value={request.accept} onChange={(e) => set({ accept: e.target.value as RawRequest['accept'] })} className={selectClass}>
            {ACCEPTS.map((accept) => (
              <option key={accept}>{accept}</option>
            ))}
          </select>
        </label>
        {write && (
          <label className="flex items-center gap-1">
            Content-Type
            <select aria-label="Content-Type" value={request.contentType} onChange={(e) => set({ contentType: e.target.value as RawRequest['contentType'] })} className={selectClass}>
              {(request.verb === 'PATCH' ? PATCH_CONTENT_TYPES : OBJECT_CONTENT_TYPES).map((choice) => (
                <option key={choice} value={choice}>
                  {CONTENT_TYPES[choice]}
                </option>
              ))}
            </select>
          </label>
        )}
        {request.verb !== 'GET' && (
          <label className="flex items-center gap-1" title="dryRun=All: the API validates and answers, and stores nothing">
            <input type="checkbox" checked={request.dryRun} onChange={(e) => set({ dryRun: e.target.checked })} />
            Dry run
          </label>
        )}
        {write && (
          <label className="flex items-center gap-1">
            Field manager
            <input
              aria-label="Field manager"
              value={request.fieldManager}
              onChange={(e) => set({ fieldManager: e.target.value })}
              placeholder={request.contentType === 'apply' ? 'required for apply' : 'optional'}
              className="w-40 rounded border border-slate-300 px-2 py-1 font-mono text-sm"
            />
          </label>
        )}
      </div>
    </form>
  );
}
