// The body of a write in Monaco (handed in): the kind's schema, YAML problems and the Status causes of a 422 as markers.
import { useMemo } from 'react';
import { useDiscovery } from '../../../data/discovery-query';
import { useKindSchema } from '../../../data/kind-schema-query';
import { resourceByGvr } from '../../../k8s/discovery/resource-index';
import { gvrOf, parseApiPath } from '../../../k8s/paths';
import type { RecordedRequest } from '../../../k8s/request-recorder';
import { countCauses } from '../../../k8s/status-causes';
import { causeMarker } from '../../../k8s/yaml-field-path';
import { recordedError } from '../recorded-error';
import { bodySchema } from './body-schema';
import { bodyKind, type BodyProblem } from './request-body';
import { CONTENT_TYPES, type RawRequest } from './request-url';
import type { BodyEditorProps, RawRequestTools } from './raw-request-tools';

export interface BodyEditorSectionProps {
  context: string;
  request: RawRequest;
  tools: RawRequestTools;
  /** Why the body could not be sent (YAML syntax, shape). */
  problems: BodyProblem[];
  /** The last answer: a 422's causes are marked on the lines their field paths name. */
  response: RecordedRequest | null;
  onChange: (body: string) => void;
  onSend: () => void;
}

/** apiVersion and kind for the schema: the body's own, else the resource the path names (not a subresource). */
function useSchemaKind(context: string, request: RawRequest): { apiVersion: string; kind: string } | null {
  const discovery = useDiscovery(context);
  const fromBody = useMemo(() => bodyKind(request.body), [request.body]);
  if (request.contentType === 'json-patch') return null;
  if (fromBody) return fromBody;
  const path = parseApiPath(request.path);
  if (!path || path.subresource || !discovery.data) return null;
  const resource = resourceByGvr(discovery.data.index, gvrOf(path));
  return resource ? { apiVersion: resource.groupVersion, kind: resource.kind } : null;
}

export function BodyEditor({ context, request, tools, problems, response, onChange, onSend }: BodyEditorSectionProps) {
  const { CodeEditor } = tools;
  const kind = useSchemaKind(context, request);
  const kindSchema = useKindSchema(context, kind?.apiVersion, kind?.kind);
  // Keyed by the names, not the object: the path's kind is a new object each render, and a new schema re-arms the editor.
  const apiVersion = kind?.apiVersion;
  const kindName = kind?.kind;
  const checked = useMemo(
    () => bodySchema(request.contentType, apiVersion && kindName ? { apiVersion, kind: kindName } : null, kindSchema?.jsonSchema ?? null),
    [request.contentType, apiVersion, kindName, kindSchema],
  );
  const causes = useMemo(() => (response ? (recordedError(response)?.causes ?? []) : []), [response]);
  // The same markers as the edit screen: each distinct cause on the key it names (or its nearest parent, said so).
  const markers = useMemo<BodyEditorProps['markers']>(
    () => [...problems, ...countCauses(causes).map(({ cause }) => causeMarker(request.body, cause))],
    [problems, causes, request.body],
  );
  return (
    <section aria-label="Body" className="space-y-1">
      <h2 className="text-xs font-semibold text-slate-700">
        Body <span className="font-normal text-slate-500">as {CONTENT_TYPES[request.contentType]}{checked ? `, ${checked.said}` : ''} (YAML or JSON; Ctrl+Enter sends)</span>
      </h2>
      {problems.length > 0 && (
        <ul role="alert" data-testid="body-problems" className="text-xs text-red-700">
          {problems.map((p) => (
            <li key={`${p.line}:${p.column}:${p.message}`}>
              line {p.line}: {p.message}
            </li>
          ))}
        </ul>
      )}
      <div className="h-72 overflow-hidden rounded border border-slate-300">
        <CodeEditor
          value={request.body}
          onChange={onChange}
          onSave={onSend}
          markers={markers}
          reveal={null}
          label="Request body"
          uri={`file:///kubeglass/${encodeURIComponent(context)}/-/request/body.yaml`}
          schema={checked?.schema ?? null}
        />
      </div>
    </section>
  );
}
