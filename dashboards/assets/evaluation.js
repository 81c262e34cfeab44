// The evaluation curve on the clock chart: best possible after every turn (knowing
// every card), which the server works out in the background when a game is opened
// (dashboards/evaluations.py) and sends when ready. This file only turns that data
// into chart traces; review.js asks for them when it draws the chart.
(function () {
  "use strict";
  var E = {data: null};

  // The curve's traces for the game `d` up to turn `last` (none until it is ready).
  E.traces = function (d, last) {
    var c = E.data;
    if (!c || c.key !== (d.eval_key || d.key) || !d.evaluation) { return []; }
    var xs = [], ys = [], text = [];
    for (var t = 0; t <= last && t < c.lower.length; t++) {
      xs.push(t);
      ys.push(c.lower[t]);
      var why = c.lost.filter(function (l) { return l[0] === t; })
        .map(function (l) { return l[1]; });
      text.push(c.hover[t] + (why.length ? "<br>" + why.join("<br>") : ""));
    }
    var out = [{type: "scatter", mode: "lines", name: "best possible", x: xs, y: ys,
                customdata: xs, text: text, line: {color: "#8e24aa", width: 2, dash: "dashdot", shape: "hv"},
                hovertemplate: "%{text}"}];
    var lost = c.lost.filter(function (l) { return l[0] <= last; });
    if (lost.length) {
      out.push({type: "scatter", mode: "markers", name: "lost points",
                x: lost.map(function (l) { return l[0]; }),
                y: lost.map(function (l) { return c.lower[l[0]]; }),
                customdata: lost.map(function (l) { return l[0]; }),
                text: lost.map(function (l) { return l[1]; }),
                marker: {symbol: "star", size: 13, color: "#8e24aa",
                         line: {width: 1, color: "white"}},
                hoverinfo: "skip"});  // its words are on the curve's own point
    }
    return out;
  };

  window.novaEvaluation = E;
  window.dash_clientside = Object.assign({}, window.dash_clientside, {
    novaEval: {
      curve: function (data) {
        E.data = data || null;
        if (window.novaRedrawChart) { window.novaRedrawChart(); }
        return window.dash_clientside.no_update;
      },
    },
  });
})();
