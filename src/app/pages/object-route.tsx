// The object page with what other features add to it (features never import each other): Logs and Delete beside
// Edit, deletion state, quick edits, the pod terminal, port forwards of a pod or Service, managed fields. Its own
// chunk: a list URL never loads it.
import { DeleteAction } from '../../features/delete/delete-action';
import { DeletionStatus } from '../../features/delete/deletion-status';
import { monacoEditors } from '../../features/monaco/lazy-editors';
import { ManagedFieldsSection } from '../../writes/preview/managed-fields-section';
import { QuickEditsPanel } from '../../features/quick-edits/quick-edits-panel';
import { ExecPanel } from '../../features/exec/exec-panel';
import { LogsAction } from '../../features/logs/logs-action';
import { PodPortForwardPanel } from '../../features/port-forward/pod-port-forward-panel';
import { ServicePortForwardPanel } from '../../features/port-forward/service-port-forward-panel';
import { ObjectPage, type ObjectPageSlots } from '../../features/object/object-page';
import { collectionPath, gvrOf, toUiPath, type ApiPath } from '../../k8s/paths';
import { PreloadEditor } from '../preload-editor';
import { navigate } from '../router/history';

const isPod = (path: ApiPath) => path.group === '' && path.resource === 'pods' && path.name !== null && path.subresource === null;
const isService = (path: ApiPath) => path.group === '' && path.resource === 'services' && path.name !== null && path.subresource === null;

function objectSlots(context: string, apiPath: string, path: ApiPath): ObjectPageSlots {
  return {
    actions: (object) => (
      <>
        <LogsAction context={context} path={path} object={object} />
        <DeleteAction context={context} apiPath={apiPath} path={path} object={object} onDeleted={() => navigate(toUiPath(context, collectionPath(gvrOf(path), path.namespace)))} />
      </>
    ),
    panels: (object) => (
      <>
        <DeletionStatus object={object} />
        <QuickEditsPanel context={context} apiPath={apiPath} object={object} editors={monacoEditors} />
        {isPod(path) && <ExecPanel context={context} pod={object} />}
        {isPod(path) && <PodPortForwardPanel context={context} pod={object} forwardsHref={toUiPath(context, '/-/port-forwards')} />}
        {isService(path) && <ServicePortForwardPanel context={context} service={object} forwardsHref={toUiPath(context, '/-/port-forwards')} />}
        <ManagedFieldsSection object={object} />
      </>
    ),
  };
}

export function ObjectRoute({ context, apiPath, path }: { context: string; apiPath: string; path: ApiPath }) {
  return (
    <>
      <PreloadEditor />
      <ObjectPage context={context} apiPath={apiPath} path={path} slots={objectSlots(context, apiPath, path)} />
    </>
  );
}
