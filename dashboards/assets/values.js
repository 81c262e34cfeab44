// The move values' curve (the panel under the draw-pile clock): each move's expected
// final score from what its player knew, the best move weighed beside it, and a marker
// on every inaccuracy, mistake and blunder, as lichess draws its evaluation. The
// server works the values out when asked (dashboards/value_jobs.py) and sends them
// ready to draw (dashboards/value_curve.py: value_view); this file only turns them
// into a chart, follows the turn shown, and goes to a turn when a point is clicked
// (its legend is the panel's own, value_curve.legend).
(function () {
  "use strict";
  var no = function () { return window.dash_clientside.no_update; };
  var lastAsk = "";

  // The curve's figure for the view `v`, the turn `turn` marked by a line.
  function figure(v, turn) {
    var p = v.lines[0], b = v.lines[1];
    var data = [
      {type: "scatter", mode: "lines+markers", name: p[0], x: v.turns, y: v.played,
       customdata: v.turns, text: v.hover, hovertemplate: "%{text}<extra></extra>",
       line: {color: p[2], width: 2, dash: p[1]}, marker: {size: 4, color: p[2]}},
      {type: "scatter", mode: "lines", name: b[0], x: v.turns, y: v.best, customdata: v.turns,
       line: {color: b[2], width: 1, dash: b[1]}, hoverinfo: "skip"},
    ];
    Object.keys(v.markers).forEach(function (sev) {
      var m = v.markers[sev], xs = [], ys = [];
      v.severity.forEach(function (s, i) {
        if (s === sev) { xs.push(v.turns[i]); ys.push(v.played[i]); }
      });
      if (xs.length) {
        data.push({type: "scatter", mode: "markers", name: m[0], x: xs, y: ys, customdata: xs,
                   marker: {symbol: m[1], size: 11, color: m[2], line: {width: 1, color: "white"}},
                   hoverinfo: "skip"});
      }
    });
    var low = Math.min.apply(null, v.played.concat([v.perfect])) - 1;
    var last = v.turns.length ? v.turns[v.turns.length - 1] : 1;
    var shapes = typeof turn === "number" ? [{type: "line", x0: turn, x1: turn, yref: "paper",
      y0: 0, y1: 1, line: {color: "#212121", width: 1}}] : [];
    return {data: data, layout: {
      margin: {l: 46, r: 8, t: 10, b: 40, autoexpand: false}, showlegend: false,
      xaxis: {title: {text: "turn", standoff: 4}, range: [0.5, last + 0.5], zeroline: false},
      yaxis: {title: {text: "expected final score", standoff: 2},
              range: [Math.max(0, Math.floor(low)), v.perfect + 0.5]},
      hovermode: "closest", hoverlabel: {font: {size: 11}}, clickmode: "event",
      plot_bgcolor: "#fafafa", paper_bgcolor: "white", shapes: shapes, uirevision: "values",
    }};
  }

  window.dash_clientside = Object.assign({}, window.dash_clientside, {
    novaValues: {
      // What the server needs to know of the view shown (never the payload itself);
      // unchanged (a step with no spoilers brings a new payload), no new ask.
      ask: function (d) {
        var ask = d && d.key ? {key: d.key, turns: d.turns, viewer: d.viewer,
                                spoilers: d.spoilers === true, hypo: Boolean(d.hypo),
                                conventions: d.conventions || "none"} : null;
        var text = JSON.stringify(ask);
        if (text === lastAsk) { return no(); }
        lastAsk = text;
        return ask;
      },
      draw: function (v, turn) {
        if (!v || !v.turns) { return [{data: [], layout: {}}, {display: "none"}, {display: "none"}]; }
        return [figure(v, turn), {}, {}];
      },
      // A point clicked: its turn, through the slider (review.js goes there).
      go: function (click) {
        if (!click || !click.points || !click.points.length) { return no(); }
        return click.points[0].x;
      },
    },
  });
})();
