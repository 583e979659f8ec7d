// Values shown and diffed as YAML, the way helm get values prints them.
import { stringify } from 'yaml';
import type { HelmValues } from './release';

/** YAML of a values map; `{}` for none (helm prints null). */
export function valuesYaml(values: HelmValues): string {
  return Object.keys(values).length === 0 ? '{}\n' : stringify(values, { lineWidth: 0 });
}
