// Starts the first Table page of a list URL (/c/{context}/api/v1/pods...) while the app's JS loads, so the
// page and the code arrive together. src/app/first-page-preload.ts hands it to the app's own first request
// for that exact URL and Accept; a URL this guesses wrong is simply never claimed.
/* global location, URLSearchParams, window, fetch -- a classic browser script, run before the app */
(function () {
  var match = /^\/c\/([^/]+)((?:\/api\/[^/]+|\/apis\/[^/]+\/[^/]+)(?:\/namespaces\/[^/]+)?\/[^/]+)\/*$/.exec(location.pathname);
  if (!match || typeof fetch !== 'function') return;
  var search = new URLSearchParams(location.search);
  if (search.get('create') === '1') return;
  var context;
  try {
    context = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  // The same query, in the same order, as src/k8s/list-table.ts's first page (table-pages FIRST_PAGE_SIZE).
  var query = new URLSearchParams({ includeObject: 'Metadata' });
  var labelSelector = (search.get('labelSelector') || '').trim();
  var fieldSelector = (search.get('fieldSelector') || '').trim();
  if (labelSelector) query.append('labelSelector', labelSelector);
  if (fieldSelector) query.append('fieldSelector', fieldSelector);
  query.append('limit', '500');
  var url = '/k8s/' + encodeURIComponent(context) + match[2] + '?' + query.toString();
  var accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
  window.__kubeglassFirstPage = {
    url: url,
    accept: accept,
    response: fetch(url, { headers: { Accept: accept }, credentials: 'same-origin' }),
  };
  // Claimed or not, a failure here is the app's to report (its own request gets the same answer).
  window.__kubeglassFirstPage.response.catch(function () {});
})();
