// Request headers the SPA sends on every request to /k8s/ and /-/. Shared by src/ and server/.

/**
 * Sent on every fetch of the SPA. A browser request that carries the session cookie must carry it too: no `<img>`,
 * link or form can send a custom header, so the check does not depend on Sec-Fetch-Site (absent over plain HTTP at
 * a LAN address).
 */
export const CLIENT_HEADER = 'x-kubeglass-client';
export const CLIENT_HEADER_VALUE = '1';
