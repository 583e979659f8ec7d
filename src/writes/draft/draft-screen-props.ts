// What the app gives the edit and the create screens alike: both keep a draft of YAML for one API path.
import type { ApiPath } from '../../k8s/paths';
import type { EditorComponents } from './code-editor';
import type { DraftStore } from './draft-storage';

export interface DraftScreenProps {
  context: string;
  /** The object's API path (edit) or the collection's (create), e.g. /apis/apps/v1/namespaces/default/deployments. */
  apiPath: string;
  path: ApiPath;
  editors: EditorComponents;
  /** Leaves the screen (the draft stays). */
  onCancel: () => void;
  /** Where drafts are kept (a Secret's never: see draft-storage); localStorage unless a test passes its own. */
  storage?: DraftStore;
}
