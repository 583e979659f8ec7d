// Starts the first Table page of a list URL (/c/{context}/api/v1/pods...) while the app's JS loads, so the
// page and the code arrive together, and the second page as soon as the first page's continue token is in.
// src/app/first-page-preload.ts hands each to the app's own request for that exact URL and Accept; a URL this
// guesses wrong is simply never claimed. Inlined first in index.html's head as a script of its own
// (vite.config.ts), so its request leaves before the pre-render's code is even compiled.
/* global location, URLSearchParams, window, fetch, TextDecoder -- a classic browser script, run before the app */
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
  // The same query, in the same order, as src/k8s/list-table.ts's pages (table-pages FIRST_PAGE_SIZE, NEXT_PAGE_SIZE).
  var query = new URLSearchParams({ includeObject: 'Metadata' });
  var labelSelector = (search.get('labelSelector') || '').trim();
  var fieldSelector = (search.get('fieldSelector') || '').trim();
  if (labelSelector) query.append('labelSelector', labelSelector);
  if (fieldSelector) query.append('fieldSelector', fieldSelector);
  var base = '/k8s/' + encodeURIComponent(context) + match[2] + '?' + query.toString();
  var url = base + '&limit=100';
  var accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
  // The browser's own fetch, taken now: the app wraps window.fetch to claim these pages before the second is asked.
  var fetchNow = window.fetch;
  var get = function (pageUrl) {
    return fetchNow.call(window, pageUrl, { headers: { Accept: accept }, credentials: 'same-origin' });
  };
  var response = get(url);
  window.__kubeglassFirstPage = {
    url: url,
    accept: accept,
    response: response,
    // The second page, asked as soon as the first page's continue token is in, while the app is still loading.
    next: response.then(secondPage, function () {
      return null;
    }),
  };
  // Claimed or not, a failure here is the app's to report (its own request gets the same answer).
  response.catch(function () {});

  // The Table's own metadata comes before its columns and rows (kube-apiserver writes a Table's fields in that
  // order); only that object is read, from the head of a copy of the body. Anything else: no second page.
  var META = /^\s*\{\s*"kind"\s*:\s*"Table"\s*,\s*"apiVersion"\s*:\s*"meta\.k8s\.io\/v1"\s*,\s*"metadata"\s*:\s*(\{[^{}]*\})/;
  // The same bound as list-table's HEAD_CHARS: the metadata must end within the body's first 4096 characters.
  var HEAD_CHARS = 4096;
  function secondPage(first) {
    if (!first.ok || !first.body || typeof TextDecoder !== 'function') return null;
    var reader = first.clone().body.getReader();
    var decoder = new TextDecoder();
    var head = '';
    var read = function () {
      return reader.read().then(function (chunk) {
        if (!chunk.done) head += decoder.decode(chunk.value, { stream: true });
        var meta = META.exec(head.length > HEAD_CHARS ? head.slice(0, HEAD_CHARS) : head);
        if (!meta && !chunk.done && head.length < HEAD_CHARS) return read();
        reader.cancel().catch(function () {});
        var token = meta ? JSON.parse(meta[1]).continue : '';
        if (typeof token !== 'string' || !token) return null;
        var nextUrl = base + '&' + new URLSearchParams({ limit: '2500', continue: token }).toString();
        var next = get(nextUrl);
        next.catch(function () {});
        return { url: nextUrl, response: next };
      });
    };
    return read().catch(function () {
      return null;
    });
  }
})();
