// nova-replay review board: draws one turn of a game from its payload (dashboards/
// payload.py: the game as the viewer may see it, sent when a game, viewer or mode is
// chosen) and moves between the turns it holds in the browser alone. It decides
// nothing about the game and filters nothing: every card, knowledge mask, badge,
// sentence, hidden note, which findings are listed and how far the viewer may go are
// the payload's. With no spoilers the payload holds the turn reached and the next
// one; stepping onto the last it holds asks the server for the next ("horizon"),
// so that a step forward is drawn at once. A turn change updates only
// what changed (a grid cell's class, a face, a few table lines) in the same task as
// the input, so every key press and click lands, in order; the chart, the slider and
// the URL follow just after the frame is painted.
(function () {
  "use strict";
  var TIERS = {hinted: true, deduced: true, common: true};
  var S = {
    F: {}, want: null, asked: null,
    data: null, turn: 0, tier: "deduced", kinds: [], severities: null,
    hands: null, table: null, summaryShown: -1, findingsKey: "", items: [],
    pending: false, sliderSet: null, urlTimer: null, urlAt: 0, chartTimer: null,
    lastMove: 0, inRun: false, moves: null, movesKey: "", scrolled: -1,
  };
  var KEYS = {ArrowLeft: "nav-prev", ArrowRight: "nav-next", Home: "nav-first", End: "nav-last",
              n: "finding-next", p: "finding-prev"};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function bit(mask, i) { return Math.floor(mask / Math.pow(2, i)) % 2 === 1; }

  // The move list, the verdict, the lesson and the chart's legend (assets/board.js,
  // loaded first: Dash loads the assets in name order).
  var B = window.novaBoard({S: S, el: el, href: function (d, t) { return href(d, t); }});
  // The card's panel, the clue log, the discards' and strikes' links (assets/details.js).
  var D = window.novaDetails({S: S, el: el, B: B, href: function (d, t) { return href(d, t); }});

  // --- hands: built once per payload, then updated cell by cell -------------------

  function buildGrid(d, box) {
    var m = d.max_rank, cells = [];
    box.style.gridTemplateColumns = "max-content repeat(" + m + ", var(--cell, 14px))";
    box.appendChild(el("span", "gcorner"));
    d.rank_heads.forEach(function (r) { box.appendChild(el("span", "ghead", r)); });
    function row(label, lk, count) {
      var l = el("span", "glabel", label);
      l.style.color = lk.ink;
      box.appendChild(l);
      for (var r = 0; r < count; r++) {
        var c = el("span", "gcell off" + (lk.pale ? " pale" : ""));
        c.style.setProperty("--c", lk.colour);
        c.style.setProperty("--ink", lk.ink);
        c.pale = Boolean(lk.pale);
        box.appendChild(c);
        cells.push(c);
      }
    }
    d.suits.forEach(function (s) { row(s.abbr, s, m); });
    if (d.joker >= 0) { row(d.joker_label, d.joker_look, 1); }
    return cells;
  }

  function buildHands(d) {
    var root = document.getElementById("hands");
    var box = el("div", "hands");
    var hands = {note: null, players: []}, most = 1;
    d.turn_data.forEach(function (t) {
      t.hands.forEach(function (h) { most = Math.max(most, h.length); });
    });
    box.style.setProperty("--slots", most);
    if (d.view_note) {
      hands.note = el("div", "view-note muted");
      hands.note.id = "view-note";
      box.appendChild(hands.note);
    }
    d.players.forEach(function (name, p) {
      var slots = 0;
      d.turn_data.forEach(function (t) { slots = Math.max(slots, t.hands[p].length); });
      var hand = el("div", "hand");
      hand.id = "hand-" + p;
      var title = el("div", "hand-title");
      title.appendChild(el("span", "player-name", name));
      var next = el("span", "tag tag-next", "to play");
      title.appendChild(next);
      var acted = el("span", "tag tag-acted", "");
      acted.style.display = "none";
      title.appendChild(acted);
      if (d.viewer === p) { title.appendChild(el("span", "tag tag-you", "your hand (hidden)")); }
      var row = el("div", "hand-cards");
      var cards = [];
      for (var slot = 0; slot < slots; slot++) {
        var card = el("div", "hand-card");
        card.id = "card-" + p + "-" + slot;
        card.tabIndex = 0;  // focus shows its text form (clues, knowledge) like hover
        card.setAttribute("role", "group");
        var mark = el("div", "clue-mark");
        mark.setAttribute("aria-hidden", "true");
        card.appendChild(mark);
        card.appendChild(el("div", "slot", "slot " + (slot + 1)));
        var face = el("div", "card-face");
        var badges = el("div", "badges");
        var notes = el("div", "card-notes");
        notes.title = "players' notes (hanab.live)";
        var grid = el("div", "kgrid");
        card.appendChild(face);
        card.appendChild(notes);
        card.appendChild(badges);
        card.appendChild(grid);
        row.appendChild(card);
        cards.push({root: card, face: face, badges: badges, notes: notes, noteKey: null, mark: mark,
                    grid: grid, cells: buildGrid(d, grid), shown: true, faceKey: null, bits: -1,
                    mask: -1, truth: -2, tier: ""});
      }
      hand.appendChild(title);
      hand.appendChild(row);
      box.appendChild(hand);
      hands.players.push({root: hand, next: next, acted: acted, cards: cards, isNext: null});
    });
    root.replaceChildren(box);
    return hands;
  }

  // A card is a list in the order of the payload's card_fields: F maps each name
  // to its place (read from every payload, never assumed).
  function fieldsOf(d) {
    var F = {};
    d.card_fields.forEach(function (name, i) { F[name] = i; });
    return F;
  }

  function drawCard(d, ref, c, tier) {
    var F = S.F;
    if (!c) {
      if (ref.shown) { ref.root.style.display = "none"; ref.shown = false; }
      return;
    }
    if (!ref.shown) { ref.root.style.display = ""; ref.shown = true; }
    var text = c[F.text];
    var faceKey = text + "|" + c[F.touched];
    if (ref.faceKey !== faceKey) {
      B.drawFace(d, ref.face, c, F);
      ref.faceKey = faceKey;
    }
    var cardNotes = c[F.notes];
    var noteKey = cardNotes.join("\n");
    if (ref.noteKey !== noteKey) {  // players' notes on the card, as the server lists them
      B.drawNotes(ref.notes, cardNotes);
      ref.noteKey = noteKey;
    }
    var bits = c[F.badges];
    if (ref.bits !== bits) {
      var spans = [];
      d.badges.forEach(function (b, i) {
        if (bit(bits, i)) { spans.push(el("span", "badge " + b[1], b[0])); }
      });
      ref.badges.replaceChildren.apply(ref.badges, spans);
      ref.bits = bits;
    }
    var mask = c[F[tier]], truth = c[F.truth];
    if (ref.mask !== mask || ref.truth !== truth) {
      for (var i = 0; i < ref.cells.length; i++) {
        var cls = (bit(mask, i) ? "gcell on" : "gcell off") + (ref.cells[i].pale ? " pale" : "");
        if (i === truth) { cls += " truth"; }
        if (ref.cells[i].className !== cls) { ref.cells[i].className = cls; }
      }
      ref.mask = mask;
      ref.truth = truth;
    }
    if (ref.tier !== tier) {
      ref.grid.className = "kgrid tier-" + tier;
      ref.grid.title = tier + " knowledge: filled = possible, empty = ruled out" +
        (truth >= 0 ? ", ringed = the truth" : "");
      ref.tier = tier;
    }
  }

  function drawHands(d, t) {
    var hands = S.hands;
    if (hands.note) { hands.note.textContent = d.view_note[S.tier]; }
    hands.players.forEach(function (h, p) {
      var isNext = t.next === p;
      if (h.isNext !== isNext) {
        h.root.className = "hand" + (isNext ? " next" : "");
        h.next.style.display = isNext ? "" : "none";
        h.isNext = isNext;
      }
      var tier = d.tier_for[S.tier][p];
      h.cards.forEach(function (ref, slot) { drawCard(d, ref, t.hands[p][slot], tier); });
      B.drawClues(d, t, h, p, S.F);
    });
  }

  // --- the table: rows, counters, the action, the discard pile ----------------------

  function buildTable() {
    var root = document.getElementById("table");
    var view = el("div", "table-view");
    var rows = el("div", "rows"), counters = el("div", "counters");
    var action = el("div", "action-box"), discards = el("div", "discards");
    var box = el("div", "discard-box");
    rows.id = "rows";
    discards.id = "discards";
    box.appendChild(el("div", "section-title", "Discard pile"));
    box.appendChild(discards);
    [rows, counters, action, box].forEach(function (x) { view.appendChild(x); });
    root.replaceChildren(view);
    return {rows: rows, counters: counters, action: action, discards: discards};
  }

  function counter(label, value, key, title) {
    var c = el("div", "counter");
    c.title = title || (label + ": " + value);
    c.appendChild(el("span", "counter-label", label));
    var v = el("span", "counter-value", value);
    v.id = "counter-" + key;
    c.appendChild(v);
    return c;
  }

  function repeat(s, n) { return n > 0 ? new Array(n + 1).join(s) : ""; }

  function drawTable(d, t) {
    var T = S.table;
    T.rows.replaceChildren.apply(T.rows, d.suits.map(function (s, i) {
      var h = t.rows[i], pile = el("div", "row-pile" + (h === d.max_rank ? " complete" : ""));
      B.paint(pile, s);
      pile.title = s.label + ": " + (h ? s.tops[h] : "empty");
      pile.appendChild(el("span", "row-symbol", s.label));
      pile.appendChild(el("span", "row-top", s.tops[h]));
      return pile;
    }));
    var w = d.words;
    var counters = [
      counter("Score / max", t.score + " / " + t.max_score, "score",
              "score " + t.score + "; max score " + t.max_score + " (what can still be " +
              "scored); perfect " + d.perfect),
      counter(w.coins, t.coins + " " + repeat("●", t.coins) + repeat("○", d.coins - t.coins), "coins",
              t.coins + " of " + d.coins + " " + w.coin),
      counter(w.lives, B.livesMarks(d, t), "lives", t.lives_text),
      counter("Draw pile", t.pile, "draw-pile"),
      counter("Pace", t.pace, "pace", "pace " + t.pace + ": the discards the team can still " +
              "afford (score + draw pile + players - what the rows can reach)"),
      counter("Efficiency", t.efficiency === null ? "–" : t.efficiency, "efficiency",
              "cards gotten (played, or " + w.hint + "ed and not trash) per " + w.hint +
              " spent"),
      counter("Needed", t.needed === null || t.needed === undefined ? "–" : t.needed, "needed",
              "efficiency needed: the cards still to get per " + w.hint + " the team can " +
              "still give (hanab.live's figure)")
    ];
    if (t.final) { counters.push(counter("Final round", t.final, "final-round")); }
    w.extra.forEach(function (c) { counters.push(counter(c[0], c[1], c[2], c[3])); });
    if (t.strikes.length) { counters[2].firstChild.appendChild(D.strikeLinks(d, t)); }
    T.counters.replaceChildren.apply(T.counters, counters);
    var action = [el("div", "action", t.action)];
    action[0].id = "action-text";
    var clue = B.clueBox(d, t);
    if (clue) { action.push(clue); }
    var verdict = B.verdictOf(d, t, S.turn);
    if (verdict) { action.push(verdict); }
    if (t.comment) {
      var q = el("blockquote", "comment", t.comment);
      q.id = "comment";
      action.push(q);
    }
    if (t.ending) { action.push(el("div", "ending", "Game over: " + t.ending + ".")); }
    if (d.illegal && S.turn === d.turns) {
      var bad = el("div", "illegal", "Turn " + d.illegal[0] + " is illegal: " + d.illegal[1] +
                   ". The log can be reviewed up to here.");
      bad.id = "illegal-turn";
      action.push(bad);
    }
    T.action.replaceChildren.apply(T.action, action);
    D.drawDiscards(d, t, T.discards);
  }

  // The next (or previous) finding listed under Findings, which the severity and kind
  // filters (and, with no spoilers, the turn) decide; none: stay.
  function jump(forward) {
    if (!S.data) { return; }
    var turns = S.items.map(function (a) { return Number(a.getAttribute("data-turn")); });
    var target = null;
    turns.forEach(function (x) {
      if (forward && x > S.turn && (target === null || x < target)) { target = x; }
      if (!forward && x < S.turn && (target === null || x > target)) { target = x; }
    });
    if (target !== null) { go(target); }
  }

  // --- summary and findings -------------------------------------------------------

  function drawSummary(d, t) {
    if (S.summaryShown === t.summary) { return; }
    var s = d.summaries[t.summary], root = document.getElementById("summary");
    var box = el("div", "summary"), head = el("div", "section-title", s.heading);
    head.id = "summary-heading";
    box.appendChild(head);
    var facts = el("div", "facts");
    s.facts.forEach(function (f) {
      var fact = el("div", "fact"), value = el("div", "fact-value", f[1]);
      value.id = f[2];
      fact.appendChild(value);
      fact.appendChild(el("div", "fact-label", f[0]));
      facts.appendChild(fact);
    });
    box.appendChild(facts);
    s.notes.forEach(function (n) {
      var note = el("div", "muted", n[0]);
      note.id = n[1];
      box.appendChild(note);
    });
    root.replaceChildren(box);
    S.summaryShown = t.summary;
  }

  // The link to this view at `turn`: the server writes it (dashboards/links.py), per
  // tier, with "turn=-1" standing for the turn.
  function href(d, turn) {
    return d.links[S.tier].replace("turn=-1", "turn=" + Math.round(turn));
  }

  // The findings the payload lists at this turn (the first t.listed), those it
  // marks hidden at this turn as hidden; the kind and severity filters are the user's.
  function drawFindings(d, t, turn) {
    var key = t.listed + "|" + t.hidden.join(",") + "|" + JSON.stringify([S.kinds, S.severities]);
    if (key !== S.findingsKey) {
      var hidden = {}, items = [], list = el("div", "findings");
      t.hidden.forEach(function (i) { hidden[i] = true; });
      d.findings.slice(0, t.listed).forEach(function (f, i) {
        var parts;
        if (hidden[i]) {  // listed whatever the filters: filtering would tell its kind
          parts = [el("span", "sev sev-hidden", "hidden"), el("div", "f-message", d.hidden_note)];
        } else if ((S.kinds && S.kinds.length && S.kinds.indexOf(f.kind) < 0) ||
                   (S.severities && S.severities.indexOf(f.severity) < 0)) {
          return;
        } else {
          parts = [el("span", "sev sev-" + f.severity, f.severity),
                   el("span", "f-kind", f.label), el("div", "f-message", f.message)];
        }
        var a = el("a", "finding");
        a.href = href(d, f.turn);
        a.setAttribute("data-turn", f.turn);
        a.appendChild(el("span", "f-turn", "turn " + f.turn));
        parts.forEach(function (x) { a.appendChild(x); });
        list.appendChild(a);
        items.push(a);
      });
      if (!items.length) {
        list.appendChild(el("div", "muted", d.spoilers ? "No findings match."
                                                       : "No findings up to this turn."));
      }
      document.getElementById("findings").replaceChildren(list);
      S.items = items;
      S.findingsKey = key;
    }
    S.items.forEach(function (a) {
      var current = Number(a.getAttribute("data-turn")) === turn;
      if (a.classList.contains("current") !== current) { a.classList.toggle("current", current); }
    });
  }

  // --- the chart and the slider (after the frame) -----------------------------------

  function figure(d, turn) {
    var t = d.turn_data[turn], last = t.until, c = d.clock;
    var xs = c.turn.slice(0, last + 1), data = [];
    // Each turn's own events, on the first line's point at that turn: the hover box of
    // a turn shows that turn's notes and no neighbour's (the markers take no hover).
    var events = xs.map(function () { return []; });
    d.lines.forEach(function (l, n) {
      data.push({type: "scatter", mode: "lines", name: l[1], x: xs, customdata: xs,
                 y: c[l[0]].slice(0, last + 1), text: n === 0 ? events : undefined,
                 line: {color: l[2], dash: l[3], width: l[0] === "score" ? 3 : 2},
                 hovertemplate: n === 0 ? "%{y}%{text}" : "%{y}"});
    });
    var groups = {}, order = [], hiddenTurns = {}, hidden = {};
    t.hidden.forEach(function (i) { hidden[i] = true; });
    d.findings.forEach(function (f, i) {
      if (f.turn > last) { return; }
      if (hidden[i]) { hiddenTurns[f.turn] = true; return; }
      if (!f.marker) { return; }
      var m = f.marker, g = groups[m[0]];
      if (!g) {
        g = groups[m[0]] = {type: "scatter", mode: "markers", name: m[0], x: [], y: [],
                            customdata: [], text: [],
                            marker: {symbol: m[1], size: 12, color: m[2],
                                     line: {width: 1, color: "white"}},
                            hoverinfo: "skip"};
        order.push(g);
      }
      g.x.push(f.turn);
      g.y.push(c[m[3]][f.turn]);
      g.customdata.push(f.turn);
      g.text.push(f.hover);
      events[f.turn].push(f.hover);
    });
    hiddenTurns = Object.keys(hiddenTurns).map(Number);
    hiddenTurns.forEach(function (x) { events[x].push(d.hidden_hover); });
    events.forEach(function (e, x) { events[x] = e.length ? "<br>" + e.join("<br>") : ""; });
    data = data.concat(order, window.novaEvaluation ? window.novaEvaluation.traces(d, last) : []);
    var hx = hiddenTurns.sort(function (a, b) { return a - b; });
    if (hx.length) {
      var h = d.hidden_mark;
      data.push({type: "scatter", mode: "markers", name: h[0], x: hx, customdata: hx,
                 y: hx.map(function (x) { return c[h[3]][x]; }),
                 text: hx.map(function () { return d.hidden_hover; }),
                 marker: {symbol: h[1], size: 11, color: h[2], line: {width: 1, color: "white"}},
                 hoverinfo: "skip"});
    }
    // The draw pile is highest at the deal, so the y range tells nothing of the future;
    // with no spoilers the x range ends one turn ahead, whether the game goes on or not.
    var top = Math.max(Math.max.apply(null, c.draw_pile.slice(0, last + 1)), d.perfect) + 2;
    var low = Math.min(0, Math.min.apply(null, c.pace.slice(0, last + 1))) - 1;
    // Fixed margins and no Plotly legend (ours is drawn below the chart): the plot
    // keeps its 200 px whatever the width or the number of series. One hover box lists
    // every series at the turn, its text broken into short lines by the server.
    return {data: data, layout: {
      margin: {l: 46, r: 8, t: 10, b: 46, autoexpand: false},
      showlegend: false,
      xaxis: {title: {text: "turn", standoff: 4}, range: [-0.5, d.spoilers ? d.total + 0.5 : turn + 1],
              zeroline: false, automargin: false},
      yaxis: {title: {text: "cards / points", standoff: 2}, range: [low, top], zeroline: true,
              automargin: false},
      hovermode: "x unified", hoverlabel: {namelength: -1, font: {size: 11}},
      clickmode: "event", plot_bgcolor: "#fafafa", paper_bgcolor: "white",
      shapes: [{type: "line", x0: turn, x1: turn, yref: "paper", y0: 0, y1: 1,
                line: {color: "#212121", width: 2, dash: "solid"}}],
      // the label sits on the side of the line with room for it: never cut at the edge
      annotations: [{x: turn, yref: "paper", y: 1, text: "turn " + turn, showarrow: false,
                     xanchor: turn > (d.spoilers ? d.total : turn + 1) / 2 ? "right" : "left",
                     yanchor: "top",
                     xshift: turn > (d.spoilers ? d.total : turn + 1) / 2 ? -3 : 3, font: {size: 10},
                     bgcolor: "rgba(255,255,255,0.8)"}],
      uirevision: "clock",
    }};
  }

  function sliderProps(d, turn) {
    var top = d.spoilers ? Math.max(d.total, 1) : turn + 1;
    var step = top <= 40 ? 5 : top <= 100 ? 10 : 20, marks = {};
    for (var x = 0; x <= top; x += step) { marks[x] = String(x); }
    return {value: turn, max: top, marks: marks};
  }

  function afterFrame() {
    S.pending = false;
    var d = S.data;
    if (!d || !window.dash_clientside || !window.dash_clientside.set_props) { return; }
    S.sliderSet = S.turn;
    // The tab's title, after the frame: setting it costs the browser a few ms.
    document.title = d.name + ", turn " + S.turn + " · nova-replay";
    window.dash_clientside.set_props("turn-slider", sliderProps(d, S.turn));
    window.dash_clientside.set_props("turn-now", {data: S.turn});
    ask();
    writeUrl();
    // Redrawing the chart takes Plotly tens of milliseconds: while the turns go by
    // (a held key) it waits for a pause, so that it never delays the next turn.
    clearTimeout(S.chartTimer);
    B.keepInView(document.getElementById("move-list"),
               document.querySelector("#move-list .move.current"));
    B.keepInView(document.getElementById("findings"),
               document.querySelector("#findings .finding.current"));
    S.chartTimer = setTimeout(drawChart, S.inRun ? 150 : 0);
  }

  // The chart of the current turn; evaluation.js redraws it when the curve arrives.
  function drawChart() {
    if (!S.data || !window.dash_clientside || !window.dash_clientside.set_props) { return; }
    var fig = figure(S.data, S.turn);
    B.drawLegend(fig);
    window.dash_clientside.set_props("clock", {figure: fig});
  }
  window.novaRedrawChart = drawChart;

  // The URL follows the turn (a link to send), at most every 300 ms: browsers refuse
  // a flood of history changes.
  function writeUrl() {
    var wait = S.urlAt + 300 - Date.now();
    if (S.urlTimer) { return; }
    if (wait > 0) {
      S.urlTimer = setTimeout(function () { S.urlTimer = null; writeUrl(); }, wait);
      return;
    }
    S.urlAt = Date.now();
    var want = href(S.data, S.turn);
    if (window.location.search !== want) { window.history.replaceState(null, "", want); }
  }

  // With no spoilers, on the last turn the payload holds (short of the record's
  // end), or asked for a turn it does not hold yet, ask the server for it: it sends
  // the payload that holds that turn and the next one.
  function ask() {
    var d = S.data;
    if (!d || d.spoilers || d.end) { return; }
    var at = S.want !== null ? S.want : S.turn;
    if (at < d.turns) { return; }
    var asked = d.key + "|" + d.viewer + "|" + at;
    if (S.asked === asked) { return; }
    S.asked = asked;
    window.dash_clientside.set_props("horizon", {data: {key: d.key, viewer: d.viewer,
                                                         turn: at}});
  }

  function later() {
    if (S.pending) { return; }
    S.pending = true;
    requestAnimationFrame(function () { setTimeout(afterFrame, 0); });
  }

  // --- drawing and moving -----------------------------------------------------------

  function draw() {
    var d = S.data, t = d.turn_data[S.turn];
    drawHands(d, t);
    drawTable(d, t);
    drawSummary(d, t);
    drawFindings(d, t, S.turn);
    B.drawMoves(d, t, S.turn);
    D.draw(d, t);
    document.getElementById("turn-label").textContent =
      "Turn " + S.turn + (d.total !== null ? " of " + d.total : "");
    later();
  }

  function go(turn) {
    if (!S.data) { return; }
    var now = Date.now();
    S.inRun = now - S.lastMove < 250;  // two moves close together: a run of them
    S.lastMove = now;
    var want = Math.max(0, Math.round(turn));
    // A turn the payload does not hold yet (no spoilers): drawn when it comes.
    S.want = want > S.data.turns && !S.data.end ? want : null;
    S.turn = Math.min(want, S.data.turns);
    draw();
  }

  function step(which) {
    if (!S.data) { return; }
    // With no spoilers, "last" only steps one turn ahead: jumping to the real last
    // turn would tell how long the game lasted.
    var ahead = S.want !== null ? S.want : S.turn;
    var moves = {"nav-first": 0, "nav-prev": S.turn - 1, "nav-next": ahead + 1,
                 "nav-last": S.data.turn_data[S.turn].reach};
    if (which in moves) { go(moves[which]); }
    else if (which === "finding-next" || which === "finding-prev") { jump(which === "finding-next"); }
  }

  // The server's answer to ask(): the same game, viewer and mode with more turns (the
  // hands stay built, the rest is drawn again); an answer for a view since left is
  // dropped.
  function extends_(old, data) {
    if (!old || old.key !== data.key || old.viewer !== data.viewer ||
        old.spoilers !== data.spoilers) { return false; }
    var held = old.turn_data[0].hands, now = data.turn_data[0].hands;
    return held.every(function (h, p) { return h.length === now[p].length; });
  }

  function load(data) {
    var same = S.data && data && S.data.key === data.key;
    if (data) { S.F = fieldsOf(data); }
    if (data && data.extends) {
      if (!extends_(S.data, data)) { return; }
      S.data = data;
      S.summaryShown = -1;
      S.findingsKey = "";
      S.moves = B.buildMoves(data);
      go(S.want !== null ? S.want : S.turn);
      return;
    }
    S.data = data;
    S.want = null;
    S.asked = null;
    S.summaryShown = -1;
    S.findingsKey = "";
    if (!data) {
      S.moves = null;
      B.drawLesson(null);
      document.title = "nova-replay";
      ["hands", "table", "summary", "findings", "move-list"].forEach(function (id) {
        var e = document.getElementById(id);
        if (e) { e.replaceChildren(); }
      });
      document.getElementById("turn-label").textContent = "";
      return;
    }
    S.hands = buildHands(data);
    S.table = buildTable();
    S.moves = B.buildMoves(data);
    B.drawLesson(data);
    var turn = data.start !== null && data.start !== undefined ? data.start
      : (same ? S.turn : 0);
    S.urlAt = 0;
    go(turn);
  }

  window.dash_clientside = Object.assign({}, window.dash_clientside, {
    nova: {
      show: function (data, tier, kinds, severities) {
        var tierNow = TIERS[tier] ? tier : "deduced";
        if (tierNow !== S.tier) { S.urlAt = 0; }  // the URL says the tier: write it now
        S.tier = tierNow;
        S.kinds = kinds || [];
        S.severities = severities || null;
        if (data !== S.data) { load(data); } else if (S.data) { S.findingsKey = ""; draw(); }
        return window.dash_clientside.no_update;
      },
      moved: function (slider, click) {
        var ctx = window.dash_clientside.callback_context;
        var what = ctx && ctx.triggered && ctx.triggered.length ? ctx.triggered[0].prop_id : "";
        if (what === "turn-slider.value" && slider !== null && slider !== S.sliderSet &&
            slider !== S.turn) {
          S.sliderSet = slider;
          go(slider);
        } else if (what === "clock.clickData" && click && click.points && click.points.length) {
          go(click.points[0].x);
        }
        return window.dash_clientside.no_update;
      },
    },
  });

  // The turn buttons, in the capture phase and stopped there: no callback reads their
  // n_clicks, and letting Dash count the click (its store, a React render) took the
  // click's task 2-8 ms longer than a key press's (benchmarks/dashboard_speed.py).
  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target && target.closest && target.closest(
      "#nav-first, #nav-prev, #nav-next, #nav-last, #finding-next, #finding-prev");
    if (button) { event.stopPropagation(); step(button.id); }
  }, true);

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) { return; }
    var link = target.closest("a.finding, a.move, a.jump");
    if (link && S.data && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
      event.preventDefault();
      go(Number(link.getAttribute("data-turn")));
    }
  });

  // Left/right arrow keys (and Home/End) move through the turns, n / p through the
  // findings. Keys typed into a text field (a dropdown's search too), and the focused
  // slider (which moves itself), are left alone, and Home/End in an open dropdown's
  // list; a radio button, checkbox or dropdown that was clicked keeps no hold on them
  // (their default action is prevented).
  function ownsKeys(target, key) {
    if (!target || !target.closest) { return false; }
    if (target.closest("textarea, select, [contenteditable='true'], [role='slider']")) {
      return true;
    }
    var input = target.closest("input");
    if (input && input.type !== "radio" && input.type !== "checkbox") { return true; }
    // Typing in a picker (its search box, or an option its list has focused) is the
    // picker's: "n" or "p" there spells a name, it does not move the board.
    if (target.closest("[role='option'], [role='listbox'], [role='combobox'], " +
                       ".dash-dropdown-options, .dash-dropdown-search")) {
      return key.length === 1 || key === "Home" || key === "End" ||
        Boolean(target.closest(".dash-dropdown-options, [role='listbox']"));
    }
    return false;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var which = KEYS[event.key];
    if (event.target && event.target.id === "moves") {  // the move list: ↑ ↓ step too
      which = {ArrowUp: "nav-prev", ArrowDown: "nav-next"}[event.key] || which;
    }
    if (!which || ownsKeys(event.target, event.key)) { return; }
    event.preventDefault();  // a focused radio button would change its choice
    step(which);
  });
}());
