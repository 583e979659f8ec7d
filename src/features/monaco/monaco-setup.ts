// Monaco with the YAML language service, set up once. Only ever loaded through a dynamic import.
// The editor API, its features and the YAML grammar only: `import 'monaco-editor'` would also bundle every other
// language and the TypeScript, CSS, HTML and JSON workers (about 10 MB the editor never uses).
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/yaml/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { configureMonacoYaml, type MonacoYaml, type SchemasSettings } from 'monaco-yaml';
import YamlWorker from './yaml.worker?worker';

let yaml: MonacoYaml | null = null;

/**
 * monaco-yaml 5.5 (through monaco-worker-manager) calls `editor.createWebWorker({ moduleId, label, createData })`,
 * the pre-0.5x signature; monaco-editor 0.57 takes `{ worker }` and, without one, silently falls back to a local
 * plain editor worker ("Missing requestHandler or method: getFoldingRanges"). Start the YAML worker the way
 * monaco's own language workers do (internal/common/workers.js): a first message that the worker-side
 * `initialize` consumes to install its handler, then the createData.
 */
function createYamlWebWorker(options: { createData?: unknown }) {
  const worker = new YamlWorker();
  worker.postMessage('ignore');
  worker.postMessage(options.createData);
  return monaco.editor.createWebWorker({ worker });
}

/** The monaco API with workers and monaco-yaml configured (idempotent). */
export function setupMonaco(): typeof monaco {
  if (yaml) return monaco;
  globalThis.MonacoEnvironment = {
    getWorker: (_moduleId: string, label: string) => (label === 'yaml' ? new YamlWorker() : new EditorWorker()),
  };
  const editorForYaml = { ...monaco.editor, createWebWorker: createYamlWebWorker as unknown as typeof monaco.editor.createWebWorker };
  yaml = configureMonacoYaml({ ...monaco, editor: editorForYaml }, { enableSchemaRequest: false, validate: true, completion: true, hover: true, schemas: [] });
  return monaco;
}

/** Replaces the JSON schemas monaco-yaml validates, completes and hovers with. */
export function setYamlSchemas(schemas: SchemasSettings[]): void {
  setupMonaco();
  yaml?.update({ schemas });
}
