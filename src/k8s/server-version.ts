// The apiserver's /version (version.Info) and what it tells a client about the features it may rely on.

/** The fields of GET /version that clients read. */
export interface ServerVersion {
  major: string;
  minor: string;
  gitVersion: string;
}

/** major.minor as numbers; minor may carry a provider suffix ("27+" on GKE/EKS), gitVersion is the fallback. */
export function versionNumbers(version: ServerVersion): { major: number; minor: number } | null {
  const fromFields = { major: parseInt(version.major, 10), minor: parseInt(version.minor, 10) };
  if (Number.isFinite(fromFields.major) && Number.isFinite(fromFields.minor)) return fromFields;
  const m = /^v?(\d+)\.(\d+)/.exec(version.gitVersion);
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null;
}

/**
 * Whether a PUT/POST/PATCH with fieldValidation=Strict fails on unknown and duplicate fields rather than
 * dropping them. The parameter is on by default from 1.25 (ServerSideFieldValidation beta); 1.23 and 1.24 list
 * it in their OpenAPI but ignore it unless the alpha gate is on. Below 1.23, a server that lists it in its
 * OpenAPI (kubectl's QueryParamVerifier check) is not a stock apiserver and implements it.
 */
export function honorsFieldValidation(version: ServerVersion | null, listedInOpenApi: boolean): boolean {
  const numbers = version ? versionNumbers(version) : null;
  if (numbers && numbers.major === 1 && (numbers.minor === 23 || numbers.minor === 24)) return false;
  if (numbers && (numbers.major > 1 || numbers.minor >= 25)) return true;
  return listedInOpenApi;
}
