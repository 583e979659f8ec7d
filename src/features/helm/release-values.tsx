// The values of one revision, as `helm get values` prints them; the chart's own values.yaml on demand (--all merges
// the two; here they stay apart, so what the user set is never mistaken for a default).
import { valuesYaml } from '../../k8s/helm/values-yaml';
import type { HelmRelease } from '../../k8s/helm/release';
import { PRE_CLASS } from './helm-look';

export function ReleaseValues({ release, showDefaults, onShowDefaults }: { release: HelmRelease; showDefaults: boolean; onShowDefaults: (show: boolean) => void }) {
  return (
    <div className="space-y-3">
      <section aria-labelledby="user-values">
        <h2 id="user-values" className="mb-1 text-xs font-semibold text-slate-700">
          User-supplied values <span className="font-normal text-slate-500">(revision {release.revision})</span>
        </h2>
        <pre data-testid="helm-user-values" className={PRE_CLASS}>
          {valuesYaml(release.config)}
        </pre>
      </section>
      <label className="flex items-center gap-2 text-xs text-slate-700">
        <input type="checkbox" data-testid="helm-show-defaults" checked={showDefaults} onChange={(e) => onShowDefaults(e.target.checked)} />
        Show the chart&apos;s default values ({release.chart.name ? `${release.chart.name} ${release.chart.version}` : 'its values.yaml'})
      </label>
      {showDefaults && (
        <section aria-labelledby="chart-values">
          <h2 id="chart-values" className="mb-1 text-xs font-semibold text-slate-700">
            Chart defaults
          </h2>
          <pre data-testid="helm-chart-values" className={PRE_CLASS}>
            {valuesYaml(release.chartValues)}
          </pre>
        </section>
      )}
    </div>
  );
}
