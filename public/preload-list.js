// Starts the first Table page of a list URL (/c/{context}/api/v1/pods...) while the app's JS loads, so the
// page and the code arrive together; and, as soon as that page's head names its continue token, the second page
// (the app would ask for it only after parsing the whole first page). src/app/first-page-preload.ts hands both to
// the app's own requests for those exact URLs and Accept; a URL this guesses wrong is simply never claimed.
/* global location, URLSearchParams, TextDecoder, window, fetch -- a classic browser script, run before the app */
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
  var path = '/k8s/' + encodeURIComponent(context) + match[2] + '?';
  var first = new URLSearchParams(query);
  first.append('limit', '500');
  var url = path + first.toString();
  var accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
  var get = function (pageUrl) {
    return fetch(pageUrl, { headers: { Accept: accept }, credentials: 'same-origin' });
  };
  var response = get(url);

  // The continue token from the head of a Table (its metadata comes before columnDefinitions and rows), read from
  // a clone while the app reads the whole body; null when the head holds none (the last page) or looks otherwise.
  var continueToken = function (clone) {
    if (!clone.body || typeof TextDecoder !== 'function') return Promise.resolve(null);
    var reader = clone.body.getReader();
    var decoder = new TextDecoder();
    var head = '';
    var read = function () {
      return reader.read().then(function (chunk) {
        if (!chunk.done) head += decoder.decode(chunk.value, { stream: true });
        var end = head.indexOf('"columnDefinitions"');
        if (end < 0 && !chunk.done && head.length < 65536) return read();
        reader.cancel().catch(function () {});
        var token = /"continue"\s*:\s*"([^"\\]+)"/.exec(end < 0 ? '' : head.slice(0, end));
        return token ? token[1] : null;
      });
    };
    return read();
  };

  window.__kubeglassFirstPage = {
    url: url,
    accept: accept,
    response: response,
    next: response
      .then(function (answer) {
        if (!answer.ok) return null;
        return continueToken(answer.clone()).then(function (token) {
          if (!token) return null;
          var second = new URLSearchParams(query);
          second.append('limit', '2500');
          second.append('continue', token);
          var nextUrl = path + second.toString();
          var nextResponse = get(nextUrl);
          nextResponse.catch(function () {});
          return { url: nextUrl, response: nextResponse };
        });
      })
      .catch(function () {
        return null;
      }),
  };
  // Claimed or not, a failure here is the app's to report (its own request gets the same answer).
  response.catch(function () {});
})();
