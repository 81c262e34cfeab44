// nova-replay review board: every detail without a mouse (issue 35). A card's clue
// history, the players' notes on it and its knowledge grid open in a panel on a tap,
// a click, Enter or Space, and stay until closed (× or Escape); the clue log lists
// every clue given; a discarded card and a strike link to the turn they came from;
// the sticky bar's compact status keeps clues, strikes, pile and turn in view. Like
// review.js it decides nothing about the game: it draws the payload's words and
// masks (dashboards/payload.py).
// review.js calls window.novaDetails({S, el, B, go, href}) once.
window.novaDetails = function (api) {
  "use strict";
  var S = api.S, el = api.el, B = api.B;
  var open = null;  // {p, slot, from}: the card whose panel is shown, the element to refocus

  function bit(mask, i) { return Math.floor(mask / Math.pow(2, i)) % 2 === 1; }

  function jumpLink(d, turn, text, cls) {
    var a = el("a", "jump" + (cls ? " " + cls : ""), text);
    a.href = api.href(d, turn);
    a.setAttribute("data-turn", turn);
    return a;
  }

  // --- the card's panel ----------------------------------------------------------

  function panel() {
    var box = document.getElementById("card-detail");
    if (box) { return box; }
    box = el("section", "card-detail");
    box.id = "card-detail";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "false");
    box.setAttribute("aria-labelledby", "card-detail-title");
    box.tabIndex = -1;
    box.style.display = "none";
    document.body.appendChild(box);
    return box;
  }

  function close() {
    var box = document.getElementById("card-detail");
    if (!box || !open) { return; }
    box.style.display = "none";
    var from = document.getElementById("card-" + open.p + "-" + open.slot);
    open = null;
    document.querySelectorAll(".hand-card[aria-expanded='true']").forEach(function (c) {
      c.setAttribute("aria-expanded", "false");
    });
    if (from) { from.focus(); }
  }

  // The grid in full: suit names down the side, ranks across, 24 px cells.
  function bigGrid(d, c, F, tier) {
    var mask = c[F[tier]], truth = c[F.truth], m = d.max_rank;
    var table = el("table", "detail-grid");
    table.appendChild(el("caption", "muted", tier + " knowledge: filled = possible"));
    var head = el("tr");
    head.appendChild(el("th", "", ""));
    d.rank_heads.forEach(function (r) { var th = el("th", "", r); th.scope = "col"; head.appendChild(th); });
    table.appendChild(head);
    function row(name, lk, first, count) {
      var tr = el("tr"), th = el("th", "", name);
      th.scope = "row";
      th.style.color = lk.ink;
      tr.appendChild(th);
      for (var r = 0; r < count; r++) {
        var on = bit(mask, first + r), td = el("td", "dcell " + (on ? "on" : "off") +
                                                 (first + r === truth ? " truth" : ""));
        td.style.setProperty("--c", lk.colour);
        if (lk.pale) { td.style.color = lk.ink; td.style.borderColor = lk.ink; }
        td.textContent = on ? "●" : "";
        td.setAttribute("aria-label", name + " " + (count > 1 ? d.rank_heads[r] : "") +
                        (on ? ": possible" : ": ruled out") + (first + r === truth ? ", the truth" : ""));
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    d.suits.forEach(function (s, i) { row(s.label, s, i * m, m); });
    if (d.joker >= 0) { row("joker", d.joker_look, d.joker, 1); }
    return table;
  }

  function drawPanel() {
    if (!open || !S.data) { return; }
    var d = S.data, t = d.turn_data[S.turn], F = S.F, box = panel();
    var c = t.hands[open.p] && t.hands[open.p][open.slot];
    var parts = [];
    var title = el("h2", "detail-title", d.players[open.p] + ", slot " + (open.slot + 1) +
                   ", turn " + S.turn);
    title.id = "card-detail-title";
    var shut = el("button", "detail-close", "×");
    shut.id = "card-detail-close";
    shut.type = "button";
    shut.setAttribute("aria-label", "close the card's details");
    parts.push(el("div", "detail-head"));
    parts[0].appendChild(title);
    parts[0].appendChild(shut);
    if (!c) {
      parts.push(el("p", "muted", "No card in this slot at this turn."));
      box.replaceChildren.apply(box, parts);
      return;
    }
    var face = el("div", "");
    parts.push(el("p", "detail-face", B.drawFace(d, face, c, F)));
    var badgeWords = [];
    d.badges.forEach(function (b, i) { if (bit(c[F.badges], i)) { badgeWords.push(b[0]); } });
    if (badgeWords.length) { parts.push(el("p", "", "Badges: " + badgeWords.join(", "))); }
    parts.push(el("h3", "detail-sub", "Clues"));
    var hist = c[F.clues] || [];
    if (!hist.length) { parts.push(el("p", "muted", "No clue has touched it.")); }
    else {
      var ul = el("ul", "detail-list");
      hist.forEach(function (k) {
        var x = d.turn_data[k] && d.turn_data[k].clue, li = el("li");
        li.appendChild(jumpLink(d, k, "turn " + k));
        li.appendChild(document.createTextNode(x ? ": " + x.text +
          (x.reading && x.reading.words ? ". " + x.reading.words : "") : ""));
        ul.appendChild(li);
      });
      parts.push(ul);
    }
    parts.push(el("h3", "detail-sub", "Notes"));
    var notes = c[F.notes];
    if (!notes.length) { parts.push(el("p", "muted", "No notes on it.")); }
    else {
      var nl = el("ul", "detail-list");
      notes.forEach(function (n) { nl.appendChild(el("li", "", n)); });
      parts.push(nl);
    }
    parts.push(el("h3", "detail-sub", "What " + d.players[open.p] + " knows"));
    parts.push(bigGrid(d, c, F, d.tier_for[S.tier][open.p]));
    box.replaceChildren.apply(box, parts);
  }

  function show(card) {
    var m = /^card-(\d+)-(\d+)$/.exec(card.id || "");
    if (!m) { return; }
    document.querySelectorAll(".hand-card[aria-expanded='true']").forEach(function (c) {
      c.setAttribute("aria-expanded", "false");
    });
    open = {p: Number(m[1]), slot: Number(m[2])};
    card.setAttribute("aria-expanded", "true");
    var box = panel();
    box.style.display = "";
    drawPanel();
    box.focus();
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) { return; }
    if (target.closest("#card-detail-close")) { close(); return; }
    var card = target.closest("#hands .hand-card");
    if (card) { show(card); }
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key === "Escape" && open) { close(); return; }
    if ((event.key === "Enter" || event.key === " ") && target && target.classList &&
        target.classList.contains("hand-card")) {
      event.preventDefault();
      show(target);
    }
  });

  // --- the clue log ------------------------------------------------------------------

  var logKey = "";

  function drawClueLog(d, t) {
    var root = document.getElementById("clue-log");
    if (!root) { return; }
    var key = d.key + "|" + d.viewer + "|" + t.until + "|" + d.turns;
    if (key !== logKey) {
      var list = el("ol", "clue-log-list"), any = false;
      for (var k = 1; k <= t.until && k < d.turn_data.length; k++) {
        var x = d.turn_data[k].clue;
        if (!x) { continue; }
        any = true;
        var li = el("li", "clue-line");
        li.setAttribute("data-turn", k);
        li.appendChild(jumpLink(d, k, "turn " + k, "clue-turn"));
        li.appendChild(el("span", "", " " + x.from + " → " + d.players[x.to] + ": "));
        li.appendChild(el("span", "clue-tag", x.words));
        li.appendChild(el("span", "", " touched slot" + (x.slots.length === 1 ? " " : "s ") +
          x.slots.map(function (s) { return s + 1; }).join(", ")));
        if (x.reading && x.reading.words) {
          li.appendChild(el("div", "clue-read", (typeof x.reading.focus === "number" ?
            "focus slot " + (x.reading.focus + 1) + ": " : "") + x.reading.words));
        }
        list.appendChild(li);
      }
      root.replaceChildren(any ? list : el("p", "muted", "No clue given yet."));
      logKey = key;
    }
    root.querySelectorAll(".clue-line").forEach(function (li) {
      li.classList.toggle("current", Number(li.getAttribute("data-turn")) === S.turn);
    });
  }

  // --- the discard pile and the strikes, with links to their turns ---------------------

  function drawDiscards(d, t, box) {
    box.replaceChildren.apply(box, t.discards.map(function (g) {
      var index = -1;
      d.suits.forEach(function (s, i) { if (s.letter === g[0]) { index = i; } });
      var lk = B.look(d, index);
      var line = el("div", "discard-line");
      var label = el("span", "discard-suit", index >= 0 ? lk.abbr : d.joker_label);
      label.style.color = lk.ink;
      label.title = index >= 0 ? lk.label : lk.name;
      line.appendChild(label);
      g[1].forEach(function (card) {
        var chip = jumpLink(d, card[3], card[2], card[1] ? "chip lost" : "chip");
        B.paint(chip, lk);
        if (card[1]) { chip.style.borderColor = ""; }
        chip.title = card[0] + (card[1] ? ": a lost critical card" : "") + ", thrown at turn " +
          card[3] + " (go there)";
        chip.setAttribute("aria-label", card[2] + ": " + chip.title);  // its text first
        line.appendChild(chip);
      });
      if (!g[1].length) { line.appendChild(el("span", "chip-none", "–")); }
      return line;
    }));
  }

  function strikeLinks(d, t) {
    var box = el("span", "strike-links");
    t.strikes.forEach(function (k) {
      var a = jumpLink(d, k, "t" + k, "strike-link");
      a.setAttribute("aria-label", "t" + k + ": " + (d.words.strikes ? "the strike" : "the life") +
                     " lost at turn " + k + " (go there)");
      box.appendChild(a);
    });
    return box;
  }

  // The sticky bar's compact status: the counters that matter while looking at hands.
  function drawStatus(d, t) {
    var root = document.getElementById("nav-status");
    if (!root) { return; }
    var w = d.words, struck = d.lives - t.lives;
    var text = w.coins + " " + t.coins + "/" + d.coins + " · " +
      (w.strikes ? w.lives + " " + struck + "/" + d.lives : w.lives + " " + t.lives + "/" + d.lives) +
      " · Pile " + t.pile + " · Score " + t.score + "/" + t.max_score;
    if (root.textContent !== text) { root.textContent = text; }
  }

  return {
    draw: function (d, t) {
      drawClueLog(d, t);
      drawStatus(d, t);
      drawPanel();
      if (window.novaHypo) { window.novaHypo.state = S; window.novaHypo.draw(S, d, t); }
    },
    drawDiscards: drawDiscards, strikeLinks: strikeLinks, close: close,
  };
};

// The options button of a narrow window's sticky bar: shows or folds the options.
document.addEventListener("click", function (event) {
  "use strict";
  var button = event.target && event.target.closest && event.target.closest("#options-toggle");
  if (!button) { return; }
  var nav = button.closest(".nav"), open = !nav.classList.contains("options-open");
  nav.classList.toggle("options-open", open);
  button.setAttribute("aria-expanded", open ? "true" : "false");
});
