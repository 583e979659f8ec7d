// The Age column's duration format, shared by the demo cluster's printers and the SPA's live ages.

/**
 * Port of k8s.io/apimachinery/pkg/util/duration.HumanDuration: "45s", "2m57s", "5m", "3h", "3h20m",
 * "2d", "2d4h", "3y". Up to 2 seconds in the future counts as now (clock skew).
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    const d = Math.trunc(hours / 24);
    return h === 0 ? `${d}d` : `${d}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.trunc(hours / 24);
    const y = Math.trunc(days / 365);
    const d = days % 365;
    return d === 0 ? `${y}y` : `${y}y${d}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}
