// The floor page's only script (served by kubeglass as /bench-floor.js while list-bench runs). At parse time it
// starts, together, what the app needs before it can show rows: the app's JS and CSS and the raw first Table page;
// then it fetches the list's remaining pages one after another, with the UI's page sizes and Accept. Times are
// performance.now(), whose origin is the navigation start, as the app's first rows and all rows are.
/* global location -- a classic browser script */
(function () {
  var params = new URLSearchParams(location.search);
  var accept = params.get("accept");
  var firstUrl = params.get("first");
  var nextLimit = params.get("nextLimit");
  var result = { rows: 0, pages: 0 };
  globalThis.__kgFloor = result;
  // list-bench waits for this message rather than polling the page (see its REPORT_PREFIX).
  var report = function () {
    console.log(params.get("report") + JSON.stringify(result));
  };
  var table = function (url) {
    return fetch(url, {
      headers: { Accept: accept },
      credentials: "same-origin",
    }).then(function (r) {
      if (!r.ok) throw new Error(url + " -> " + r.status);
      return r.json();
    });
  };
  var more = function (body) {
    result.rows += body.rows.length;
    result.pages++;
    var token = body.metadata && body.metadata.continue;
    if (!token) return undefined;
    var url = new URL(firstUrl, location.href);
    url.searchParams.set("limit", nextLimit);
    url.searchParams.set("continue", token);
    return table(url.pathname + url.search).then(more);
  };
  var firstPage = table(firstUrl);
  var assets = params.getAll("asset").map(function (asset) {
    return fetch(asset).then(function (r) {
      return r.arrayBuffer();
    });
  });
  Promise.all(assets.concat([firstPage]))
    .then(function () {
      result.firstMs = performance.now();
      return firstPage.then(more);
    })
    .then(function () {
      result.allMs = performance.now();
    })
    .catch(function (error) {
      result.error = String(error);
    })
    .then(report);
})();
