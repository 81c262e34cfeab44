// nova-replay: the chart library (Plotly, 4.8 MB to parse) loads after the board's first
// frame instead of before it. Dash's Graph takes `window.Plotly` when it is set, else
// loads the library itself; here `window.Plotly` is, until then, a promise-like that
// loads it once review.js has drawn a board (window.novaChartLater()), or once the page
// has been idle a while without one (a puzzle). The library sets the real window.Plotly.
(function () {
  "use strict";
  if (window.Plotly) { return; }
  var waiting = [], started = false;

  function start() {
    if (started) { return; }
    started = true;
    var script = document.createElement("script");
    script.src = window._dashPlotlyJSURL;
    script.async = true;
    script.onload = function () { waiting.forEach(function (w) { w[0](); }); };
    script.onerror = function (e) { waiting.forEach(function (w) { w[1](e); }); };
    document.head.appendChild(script);
  }

  window.Plotly = {then: function (ok, fail) { waiting.push([ok, fail]); }};
  window.novaChartLater = function () {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  };
  window.addEventListener("load", function () { setTimeout(start, 3000); });
}());
