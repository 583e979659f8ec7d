// Monaco with the YAML language service, set up once. Only ever loaded through a dynamic import.
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { configureMonacoYaml, type MonacoYaml, type SchemasSettings } from 'monaco-yaml';
import YamlWorker from './yaml.worker?worker';

let yaml: MonacoYaml | null = null;

/** The monaco API with workers and monaco-yaml configured (idempotent). */
export function setupMonaco(): typeof monaco {
  if (yaml) return monaco;
  globalThis.MonacoEnvironment = {
    getWorker: (_moduleId: string, label: string) => (label === 'yaml' ? new YamlWorker() : new EditorWorker()),
  };
  yaml = configureMonacoYaml(monaco, { enableSchemaRequest: false, validate: true, completion: true, hover: true, schemas: [] });
  return monaco;
}

/** Replaces the JSON schemas monaco-yaml validates, completes and hovers with. */
export function setYamlSchemas(schemas: SchemasSettings[]): void {
  setupMonaco();
  yaml?.update({ schemas });
}
