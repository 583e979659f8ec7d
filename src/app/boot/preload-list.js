// Starts the first Table page of a list URL (/c/{context}/api/v1/pods...) while the app's JS loads, so the
// page and the code arrive together, then each next page as soon as the page before is read: the list keeps coming
// while the app boots. Each page is read whole, once, as text: the pre-render parses that text, and
// src/app/first-page-preload.ts hands the app's own request for that exact URL and Accept a Response made of it (a
// URL this guesses wrong is simply never claimed). No copy of a body is streamed (Response.clone tees every chunk
// through the main thread, which held the next pages back). Inlined first in index.html's head as a script of its
// own (vite.config.ts), so its request leaves before the pre-render's code is even compiled. Each request carries
// the navigation nonce the server wrote into the document (a page the server asked ahead goes only to the tab that
// sends it back, server/first-page-prefetch.ts) and the SPA's client header (wire/browser-headers.ts, whose names
// this classic script cannot import: src/app/first-page-preload.test.ts pins them).
/* global document, location, URLSearchParams, window, fetch, Response, ReadableStream, TextEncoder -- a classic browser script, run before the app */
(function () {
  var match = /^\/c\/([^/]+)((?:\/api\/[^/]+|\/apis\/[^/]+\/[^/]+)(?:\/namespaces\/[^/]+)?\/[^/]+)\/*$/.exec(
    location.pathname,
  );
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
  var navigationMeta = document.querySelector('meta[name="kubeglass-navigation"]');
  var navigation = navigationMeta ? navigationMeta.getAttribute('content') || '' : '';
  var headers = { Accept: accept, 'x-kubeglass-client': '1' };
  if (navigation) headers['x-kubeglass-navigation'] = navigation;
  // The browser's own fetch, taken now: the app wraps window.fetch to claim these pages.
  var fetchNow = window.fetch;
  function none() {
    return null;
  }
  // Asks for a page now; returns its answer read whole (status, headers and text; rejected when the request fails),
  // read when first wanted: a continue page's 1-2 MB body is read on the main thread, and the first rows' frame
  // must not wait behind it (the pre-render wants it once that frame has painted, the app when it claims it).
  function load(pageUrl) {
    var response = fetchNow.call(window, pageUrl, {
      headers: headers,
      credentials: 'same-origin',
    });
    response.catch(none);
    var answer = null;
    return function () {
      if (answer === null) {
        answer = response.then(function (r) {
          return r.text().then(function (text) {
            return {
              status: r.status,
              statusText: r.statusText,
              headers: r.headers,
              text: text,
            };
          });
        });
        answer.catch(none);
      }
      return answer;
    };
  }
  // What the app's fetch gets for the page: a Response of the same status, headers and body, made when first asked
  // for. Its body is encoded only if read: the app's Table requests take the text itself (first-page-preload), and a
  // Response made of a 2.5 MB text cost ~10 ms on the way to the next page's request.
  function lazyResponse(answer) {
    var response = null;
    return function () {
      return response || (response = responseOf(answer()));
    };
  }
  function lazyBody(text) {
    if (typeof ReadableStream !== 'function' || typeof TextEncoder !== 'function') return text;
    return new ReadableStream(
      {
        pull: function (controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      },
      // Nothing pulled until a reader asks.
      { highWaterMark: 0 },
    );
  }
  function responseOf(answer) {
    return answer.then(function (a) {
      var noBody = a.status === 204 || a.status === 205 || a.status === 304;
      return new Response(noBody ? null : lazyBody(a.text), {
        status: a.status,
        statusText: a.statusText,
        headers: a.headers,
      });
    });
  }
  // The text of a 2xx answer, for the pre-render (null otherwise).
  function textOf(answer) {
    return answer.then(function (a) {
      return a.status >= 200 && a.status < 300 ? a.text : null;
    }, none);
  }

  // The Table's own metadata comes before its columns and rows (kube-apiserver writes a Table's fields in that
  // order); only that object is read, from the head of the text. Anything else: no next page.
  var META = /^\s*\{\s*"kind"\s*:\s*"Table"\s*,\s*"apiVersion"\s*:\s*"meta\.k8s\.io\/v1"\s*,\s*"metadata"\s*:\s*(\{[^{}]*\})/;
  // The same bound as list-table's HEAD_CHARS: the metadata must end within the body's first 4096 characters.
  var HEAD_CHARS = 4096;

  // Past the second page, pages are asked here only for a list the pre-render draws whole (src/app/boot/follow-budget
  // WHOLE_LIST_ROWS, or a list that does not say how long it is); a longer one the app pages itself, reading each
  // page's token from its head (list-table), sooner than a page read whole here.
  var WHOLE_LIST_ROWS = 12500;
  function followed(remainingItemCount) {
    return typeof remainingItemCount !== 'number' || remainingItemCount <= WHOLE_LIST_ROWS;
  }

  // The link to the page after `answer` (null: none: not a 2xx Table page with a continue token, or a page past
  // the second of a long list).
  function nextPage(answer, second) {
    if (answer.status < 200 || answer.status >= 300) return null;
    var meta = META.exec(answer.text.slice(0, HEAD_CHARS));
    var listMeta = meta ? JSON.parse(meta[1]) : {};
    var token = listMeta.continue;
    if (typeof token !== 'string' || !token || (!second && !followed(listMeta.remainingItemCount))) return null;
    var nextUrl = base + '&' + new URLSearchParams({ limit: '2500', continue: token }).toString();
    // Asked as soon as the page before is read: at most one page is on its way that nobody has read.
    var page = load(nextUrl);
    var response = lazyResponse(page);
    var text = null;
    var next = null;
    // Read when first wanted (see load); remainingItemCount: the page before's, so the rows of this page and of
    // those after it (when said).
    return {
      url: nextUrl,
      get response() {
        return response();
      },
      get text() {
        return text || (text = textOf(page()));
      },
      get next() {
        return (
          next ||
          (next = page().then(function (a) {
            return nextPage(a, false);
          }, none))
        );
      },
      remainingItemCount: listMeta.remainingItemCount,
    };
  }

  // The first page is read as soon as it is in: the first rows are drawn from it.
  var readFirst = load(url);
  var first = readFirst();
  var firstResponse = lazyResponse(readFirst);
  window.__kubeglassFirstPage = {
    url: url,
    accept: accept,
    navigation: navigation,
    get response() {
      return firstResponse();
    },
    text: textOf(first),
    // The second page, asked as soon as the first page is in; each link holds the next.
    next: first.then(function (a) {
      return nextPage(a, true);
    }, none),
  };
})();
