// What the Helm screens borrow from other features, handed in by the app layer (features never import each other).
import type { ComponentType } from 'react';
import type { ResourceIndex } from '../../k8s/discovery/resource-index';

/** Monaco's DiffEditor, read-only. */
export interface ReleaseDiffProps {
  original: string;
  modified: string;
  label: string;
}

/** An object's API path from its apiVersion, kind, name and namespace, kinds resolved through discovery; null if unknown. */
export type ObjectApiPath = (index: ResourceIndex | undefined, apiVersion: string, kind: string, name: string, namespace: string) => string | null;

export interface HelmTools {
  DiffEditor: ComponentType<ReleaseDiffProps>;
  objectApiPath: ObjectApiPath;
}
