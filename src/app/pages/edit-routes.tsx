// The edit and create screens (their own chunk; Monaco itself is a further lazy chunk). Both leave for the page
// they came from; the draft stays.
import { CreatePage } from '../../features/edit/create/create-page';
import { EditPage } from '../../features/edit/edit-page';
import { monacoEditors } from '../../features/monaco/lazy-editors';
import { toUiPath, type ApiPath } from '../../k8s/paths';
import { navigate } from '../router/history';

interface DraftRouteProps {
  kind: 'edit' | 'create';
  context: string;
  apiPath: string;
  path: ApiPath;
}

export function DraftRoute({ kind, context, apiPath, path }: DraftRouteProps) {
  const screen = { context, apiPath, path, editors: monacoEditors, onCancel: () => navigate(toUiPath(context, apiPath)) };
  return kind === 'edit' ? <EditPage {...screen} /> : <CreatePage {...screen} onCreated={navigate} />;
}
