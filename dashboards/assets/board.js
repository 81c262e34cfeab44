// nova-replay review board, the parts that teach at a glance: the verdict on the action
// line, the move list (one line per turn with its severity glyph), the lesson beside
// the board and the chart's legend. Like review.js, it decides nothing about the game:
// every sentence, glyph and order is the payload's (dashboards/payload.py).
// review.js calls window.novaBoard({S, el, href}) once: its state and helpers.
window.novaBoard = function (api) {
  "use strict";
  var S = api.S, el = api.el, href = api.href;

  // The findings of `turn`, worst first, as the payload orders them: their sentences
  // on the action line; one hidden from the viewer says only that it is hidden.
  function verdictOf(d, t, turn) {
    var found = d.moves[turn][1];
    if (!found.length) { return null; }
    var hidden = {}, box = el("div", "verdict");
    box.id = "verdict";
    t.hidden.forEach(function (i) { hidden[i] = true; });
    found.forEach(function (i) {
      var f = d.findings[i], line = el("div", "verdict-line");
      if (hidden[i]) {
        line.appendChild(el("span", "sev sev-hidden", "hidden"));
        line.appendChild(el("span", "v-message", d.hidden_note));
      } else {
        line.className += " v-" + f.severity;
        line.appendChild(el("span", "sev sev-" + f.severity, f.severity));
        line.appendChild(el("span", "v-message", f.message));
      }
      box.appendChild(line);
    });
    return box;
  }

  // A lesson game's text (the course: sample_games/lessons), beside the board. The
  // lesson opens on the turn before its move, its text (the answer) hidden until the
  // learner asks: "Show the answer" reveals it and goes to the lesson's turn.
  var lessonShown = {};
  function drawLesson(d) {
    var root = document.getElementById("lesson");
    if (!root) { return; }
    var cols = root.closest(".columns");
    if (cols) { cols.classList.toggle("with-lesson", Boolean(d && d.lesson)); }
    if (!d || !d.lesson) { root.style.display = "none"; root.replaceChildren(); return; }
    var l = d.lesson, head = el("h2", "section-title", "Lesson: " + l.title);
    var text = el("div", "lesson-text", l.text);
    text.id = "lesson-text";
    var ask = el("p", "lesson-ask", "Turn " + Math.max(0, l.turn - 1) + ": what is the right " +
                 "move here? Think it over, then ask for the answer.");
    ask.id = "lesson-ask";
    var where = el("a", "jump lesson-answer", "Show the answer (turn " + l.turn + ")");
    where.id = "lesson-answer";
    where.href = href(d, l.turn);
    where.setAttribute("data-turn", l.turn);
    where.setAttribute("role", "button");
    function reveal() {
      lessonShown[d.key] = true;
      text.style.display = "";
      ask.style.display = "none";
      where.textContent = "the lesson's turn: " + l.turn;
      where.removeAttribute("role");
    }
    where.addEventListener("click", reveal);
    text.style.display = "none";
    root.replaceChildren(head, el("div", "muted", "level " + l.level + ": " + l.topic), ask, text,
                         where);
    if (lessonShown[d.key]) { reveal(); }
    root.style.display = "";
  }

  // --- the move list: built once per payload, then classes toggled -----------------

  function buildMoves(d) {
    var root = document.getElementById("move-list"), lines = [];
    if (!root) { return null; }
    // One tab stop: the list takes the focus, ↑ ↓ (and ← →) move through the turns
    // inside it (review.js), the current line is its active option.
    var list = el("div", "moves");
    list.id = "moves";
    list.tabIndex = 0;
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "moves, one line per turn (arrow keys move)");
    d.moves.forEach(function (m, turn) {
      var line = el("a", "move");
      line.href = href(d, turn);
      line.id = "move-" + turn;
      line.tabIndex = -1;
      line.setAttribute("data-turn", turn);
      line.setAttribute("data-severity", "none");
      line.setAttribute("role", "option");
      line.setAttribute("aria-selected", "false");
      var glyph = el("span", "glyph", "");
      line.appendChild(el("span", "m-turn", turn));
      line.appendChild(el("span", "m-text", m[0]));
      line.appendChild(glyph);
      list.appendChild(line);
      lines.push({root: line, glyph: glyph, sev: "none", shown: true, current: false});
    });
    root.replaceChildren(list);
    S.movesKey = "";
    S.scrolled = -1;
    return {root: root, lines: lines};
  }

  function drawMoves(d, t, turn) {
    var M = S.moves;
    if (!M) { return; }
    var key = t.until + "|" + t.hidden.join(",");
    if (key !== S.movesKey) {
      var hidden = {};
      t.hidden.forEach(function (i) { hidden[i] = true; });
      M.lines.forEach(function (line, k) {
        var shown = k <= t.until;  // the payload's: with no spoilers, none after this turn
        if (line.shown !== shown) {
          line.root.style.display = shown ? "" : "none";
          line.shown = shown;
        }
        var first = d.moves[k][1].filter(function (i) { return !hidden[i]; })[0];
        var hide = d.moves[k][1].some(function (i) { return hidden[i]; });
        var sev = first !== undefined ? d.findings[first].severity : hide ? "hidden" : "none";
        if (line.sev !== sev) {
          var g = d.glyphs[sev];
          line.glyph.textContent = g ? g[0] : sev === "hidden" ? "•" : "";
          line.glyph.title = g ? g[1] : sev === "hidden" ? d.hidden_note : "";
          line.root.className = "move sev-line-" + sev + (line.current ? " current" : "");
          line.root.setAttribute("data-severity", sev);
          line.sev = sev;
        }
      });
      S.movesKey = key;
    }
    M.lines.forEach(function (line, k) {
      var current = k === turn;
      if (line.current !== current) {
        line.root.classList.toggle("current", current);
        line.root.setAttribute("aria-selected", current ? "true" : "false");
        if (current) {
          line.root.setAttribute("aria-current", "step");
          line.root.parentNode.setAttribute("aria-activedescendant", line.root.id);
        } else { line.root.removeAttribute("aria-current"); }
        line.current = current;
      }
    });
  }

  // Scrolls `item` into view inside its scrolling box only (never the page).
  function keepInView(box, item) {
    if (!box || !item) { return; }
    var top = item.offsetTop - box.offsetTop, bottom = top + item.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - (box.clientHeight - item.offsetHeight) / 2);
    }
  }

  var DASHES = {solid: "", dot: "2,3", dash: "6,3", longdash: "10,4", dashdot: "6,3,2,3"};

  // The chart's legend, outside the plot: one entry per series drawn.
  function drawLegend(fig) {
    var root = document.getElementById("clock-legend");
    if (!root) { return; }
    var key = fig.data.map(function (x) { return x.name; }).join("|");
    if (root.getAttribute("data-key") === key) { return; }
    root.replaceChildren.apply(root, fig.data.map(function (x) {
      var item = el("span", "legend-entry"), mark;
      if (x.mode === "lines") {  // the line's own dash, drawn as the chart draws it
        mark = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        mark.setAttribute("width", "26");
        mark.setAttribute("height", "6");
        mark.setAttribute("aria-hidden", "true");
        var line = document.createElementNS("http://www.w3.org/2000/svg", "line");
        [["x1", 0], ["x2", 26], ["y1", 3], ["y2", 3], ["stroke", x.line.color],
         ["stroke-width", x.line.width || 2],
         ["stroke-dasharray", DASHES[x.line.dash] || ""]].forEach(function (a) {
          line.setAttribute(a[0], a[1]);
        });
        mark.appendChild(line);
      } else {
        mark = el("span", "legend-mark", {"x": "✕", "diamond": "◆", "triangle-down": "▼",
                                           "circle-open": "○", "star": "★"}[x.marker.symbol] || "●");
        mark.style.color = x.marker.color;
      }
      item.appendChild(mark);
      item.appendChild(el("span", "", x.name));
      return item;
    }));
    root.setAttribute("data-key", key);
  }

  // --- cards, rows and counters as the payload's suit looks say -------------------

  // A suit's look (payload.suit_look): colour, ink (text on white), pale; -1: the joker.
  function look(d, suit) { return suit >= 0 ? d.suits[suit] : d.joker_look; }

  // Paints `box` (a card face, a row pile, a chip) in a suit's look: the ink for text
  // and outline; a pale suit (Null, White) gets a dashed dark outline and a hatched fill.
  function paint(box, lk) {
    box.style.color = box.style.borderColor = lk ? lk.ink : "";
    box.style.setProperty("--fill", lk ? lk.colour : "transparent");
    box.classList.toggle("pale", Boolean(lk && lk.pale));
  }

  // A card's face: its rank large, its suit's letters below (AR1 fits), the special
  // rank's mark; `c` is a card of the payload (card_fields), text null when hidden.
  function drawFace(d, f, c, F) {
    var text = c[F.text], lk = c[F.look] ? look(d, c[F.look][0]) : null, label;
    var special = Boolean(c[F.look] && c[F.look][1]);
    f.className = "card-face" + (c[F.touched] ? " touched" : "");
    if (text === null) {
      f.classList.add("hidden");
      f.replaceChildren(el("span", "face-rank", "?"));
      paint(f, null);
      label = "a hidden card: its holder cannot see it";
    } else {
      var letter = lk && lk.symbol !== undefined ? lk.symbol : "";
      var rank = letter && text.slice(-letter.length) === letter ?
        text.slice(0, text.length - letter.length) : text;
      var parts = [el("span", "face-rank", rank)];
      if (rank !== text) {  // hanab.live's abbreviation, never a suit id (AR1)
        var abbr = lk.abbr || letter;
        parts.push(el("span", "face-suit" + (abbr.length > 2 ? " long" : ""), abbr));
      }
      if (special) {
        var mark = el("span", "face-special", "★");
        mark.title = d.special || "special rank";
        parts.push(mark);
        f.classList.add("special");
      }
      f.replaceChildren.apply(f, parts);
      paint(f, lk);
      label = (lk && lk.label && rank !== text ? rank + " " + lk.label : text) + (special && d.special ? ", " + d.special : "");
    }
    f.title = label;
    return label;
  }

  // The lives counter: Hanabi's strikes as ✕ of the limit ("✕ · · 1/3"), Nova's lives
  // as hearts left; the words (Strikes, Lives) are the payload's.
  function livesMarks(d, t) {
    if (d.words.strikes) {
      var struck = d.lives - t.lives;
      return (struck ? repeat("✕", struck) + " " : "") + struck + "/" + d.lives;
    }
    return repeat("♥", t.lives) + repeat("♡", d.lives - t.lives);
  }

  function repeat(s, n) { return n > 0 ? new Array(n + 1).join(s) : ""; }

  // Players' notes on a card (hanab.live), folded into one small mark (✎2) so that every
  // card keeps its size: the words on hover and focus, and in the card's label.
  function drawNotes(box, notes) {
    if (!notes.length) { box.replaceChildren(); return; }
    var mark = el("span", "card-note", "✎" + notes.length);
    mark.title = notes.join("\n");
    box.replaceChildren(mark);
  }

  // The knowledge grid in words: the identities still possible, by suit ("AR1 1 2 3;
  // AB1 4"), from the mask the payload sent.
  function gridText(d, mask) {
    var m = d.max_rank, parts = [];
    d.suits.forEach(function (s, i) {
      var ranks = [];
      for (var r = 0; r < m; r++) {
        if (Math.floor(mask / Math.pow(2, i * m + r)) % 2 === 1) { ranks.push(d.rank_heads[r]); }
      }
      if (ranks.length) { parts.push(s.label + " " + ranks.join(" ")); }
    });
    if (d.joker >= 0 && Math.floor(mask / Math.pow(2, d.joker)) % 2 === 1) { parts.push("JK"); }
    return parts.length ? parts.join("; ") : "nothing";
  }

  // The clue marks of player `p`'s hand at turn `t`: an arrow with the clue's words on
  // each card the current clue touched (the server's `clue.slots`), its focus card (the
  // server's `clue.reading.focus`) marked "focus", the player who just
  // acted tagged, and every card's label (hover, focus, screen readers) with its clue
  // history, badges, notes and what its holder thinks it can be.
  function drawClues(d, t, h, p, F) {
    var clue = t.clue, now = {};
    var focus = -1;
    if (clue && clue.to === p) {
      clue.slots.forEach(function (s) { now[s] = true; });
      if (clue.reading && typeof clue.reading.focus === "number") { focus = clue.reading.focus; }
    }
    var acted = t.actor === p ? (clue ? "just clued " + clue.words : "just acted") : "";
    if (h.acted.textContent !== acted) {
      h.acted.textContent = acted;
      h.acted.style.display = acted ? "" : "none";
      h.root.classList.toggle("acted", Boolean(acted));
    }
    h.cards.forEach(function (ref, slot) {
      var c = t.hands[p][slot];
      if (!c) { return; }
      var hist = c[F.clues] || [], mask = c[F[d.tier_for[S.tier][p]]];
      var key = [now[slot] ? clue.words : "", focus === slot, hist.join(","), c[F.text], c[F.badges],
                 c[F.notes].join("|"), mask].join("/");
      if (ref.clueKey === key) { return; }
      ref.clueKey = key;
      ref.mark.textContent = now[slot] ? "▼ " + clue.words : "";
      ref.root.classList.toggle("clued-now", Boolean(now[slot]));
      ref.root.classList.toggle("clue-focus", focus === slot);
      var said = hist.map(function (k) {
        var x = d.turn_data[k] && d.turn_data[k].clue;
        return "turn " + k + (x ? ", " + x.text : "");
      });
      var label = "slot " + (slot + 1) + ": " + ref.face.title +
        (now[slot] ? ". Touched by this turn's clue (" + clue.words + ")" : "") +
        (focus === slot ? ". The clue's focus" : "") +
        (said.length ? ". Clues: " + said.join("; ") : ". Never clued") +
        (ref.badges.textContent ? ". " + Array.from(ref.badges.children).map(function (b) {
          return b.textContent; }).join(", ") : "") +
        ". " + d.tier_for[S.tier][p] + " knowledge: could be " + gridText(d, mask) +
        (c[F.notes].length ? ". Notes: " + c[F.notes].join("; ") : "");
      ref.root.setAttribute("aria-label", label);
      ref.root.title = label;
      ref.grid.setAttribute("role", "img");
      ref.grid.setAttribute("aria-label", "could be " + gridText(d, mask));
    });
  }

  // The current clue beside the action: its words, whom and which slots it touched,
  // and its reading (the focus slot and the words the server sends; hidden when not read).
  function clueBox(d, t) {
    var clue = t.clue;
    if (!clue) { return null; }
    var box = el("div", "clue-box");
    box.id = "clue-box";
    var slots = clue.slots.map(function (s) { return s + 1; });
    box.appendChild(el("span", "clue-tag", "▼ " + clue.words));
    // the action line above says it in words: here for screen readers, one line kept
    box.appendChild(el("span", "clue-text visually-hidden", clue.text + ": touches slot" +
                       (slots.length === 1 ? " " : "s ") + slots.join(", ")));
    var reading = el("div", "clue-reading");
    reading.id = "clue-reading";
    if (clue.reading) {
      reading.textContent = (clue.reading.focus !== undefined && clue.reading.focus !== null ?
        "Focus: slot " + (clue.reading.focus + 1) + ". " : "") + (clue.reading.words || "");
    } else {
      reading.style.display = "none";
    }
    box.appendChild(reading);
    return box;
  }

  return {verdictOf: verdictOf, drawLesson: drawLesson, buildMoves: buildMoves,
          drawMoves: drawMoves, keepInView: keepInView, drawLegend: drawLegend,
          look: look, paint: paint, drawFace: drawFace, livesMarks: livesMarks,
          drawNotes: drawNotes, drawClues: drawClues, clueBox: clueBox};
};
