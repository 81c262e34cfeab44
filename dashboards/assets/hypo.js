// nova-replay review board: hypotheticals ("try another move", issue 35). The server
// decides everything (dashboards/hypo.py): which moves the player to move may try, what
// each does, the line's board, knowledge, readings and best possible; this file draws
// the panel, asks for the moves, and writes the line into the URL (`hypo=TURN:MOVES`),
// which makes the server send the line's game. Undo drops the last move; Leave goes
// back to the game at the turn the line left it.
(function () {
  "use strict";
  var H = {offers: null, asked: 0, key: ""};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function button(id, text, title) {
    var b = el("button", "hypo-button", text);
    b.id = id;
    b.type = "button";
    if (title) { b.title = title; }
    return b;
  }

  // The URL with the line `moves` from `branch` (none: the game), at `turn`.
  function setLine(branch, moves, turn) {
    var q = new URLSearchParams(window.location.search);
    if (moves.length) { q.set("hypo", branch + ":" + moves.join(",")); } else { q.delete("hypo"); }
    q.set("turn", String(turn));
    window.dash_clientside.set_props("url", {search: "?" + q.toString()});
  }

  function tokens(h) { return h.moves.map(function (m) { return m[0]; }); }

  function tryMove(S, token) {
    var d = S.data, h = d.hypo, branch = S.turn, moves = [];
    if (h && S.turn >= h.branch) {
      branch = h.branch;
      moves = tokens(h).slice(0, S.turn - h.branch);
    }
    moves.push(token);
    setLine(branch, moves, branch + moves.length);
  }

  function undo(S) {
    var h = S.data && S.data.hypo;
    if (!h) { return; }
    var moves = tokens(h).slice(0, -1);
    setLine(h.branch, moves, h.branch + moves.length);
  }

  function leave(S) {
    var h = S.data && S.data.hypo;
    if (h) { setLine(h.branch, [], h.branch); }
  }

  function ask(S) {
    var d = S.data;
    H.asked += 1;
    H.offers = null;
    window.dash_clientside.set_props("hypo-ask", {data: {
      key: d.key, turn: S.turn, viewer: d.viewer, spoilers: d.spoilers,
      hypo: d.hypo ? d.hypo.text : null, n: H.asked}});
  }

  // The panel: the line (if any) with undo and leave, and the moves to try at this turn.
  function draw(S, d, t) {
    var root = document.getElementById("hypo");
    if (!root) { return; }
    var h = d.hypo, key = d.key + "|" + (h ? h.text : "") + "|" + S.turn + "|" + d.viewer +
      "|" + d.spoilers + "|" + (H.offers ? H.offers.turn + ":" + H.offers.moves.length : "-");
    if (key === H.key) { return; }
    H.key = key;
    var parts = [];
    var head = el("h2", "section-title", h ? "Hypothetical line" : "Try another move");
    head.id = "hypo-title";
    parts.push(head);
    if (h) {
      var said = el("p", "hypo-said", "From turn " + h.branch + " of the game, " + h.moves.length +
                    " move" + (h.moves.length === 1 ? "" : "s") + " tried; the game itself is " +
                    "unchanged. Turns after " + h.branch + " are the line's.");
      said.id = "hypo-said";
      parts.push(said);
      var list = el("ol", "hypo-moves");
      list.id = "hypo-moves";
      list.start = h.branch + 1;
      h.moves.forEach(function (m, i) {
        var li = el("li", "hypo-move" + (h.branch + i + 1 === S.turn ? " current" : ""));
        var a = el("a", "jump", m[1]);
        a.href = d.links[S.tier].replace("turn=-1", "turn=" + (h.branch + i + 1));
        a.setAttribute("data-turn", h.branch + i + 1);
        li.appendChild(a);
        list.appendChild(li);
      });
      parts.push(list);
      var row = el("div", "hypo-row");
      var u = button("hypo-undo", "Undo the last move", "drop the line's last move");
      u.addEventListener("click", function () { undo(S); });
      var l = button("hypo-leave", "Leave the line", "back to the game at turn " + h.branch);
      l.addEventListener("click", function () { leave(S); });
      row.appendChild(u);
      row.appendChild(l);
      parts.push(row);
    }
    var o = H.offers;
    if (o && o.turn === S.turn) {
      if (!o.moves.length) {
        parts.push(el("p", "muted", o.why));
      } else {
        var label = el("label", "", "Move for " + o.mover + " at turn " + S.turn + " ");
        label.setAttribute("for", "hypo-pick");
        var pick = el("select", "hypo-pick");
        pick.id = "hypo-pick";
        o.moves.forEach(function (m) {
          var opt = el("option", "", m[1]);
          opt.value = m[0];
          pick.appendChild(opt);
        });
        var go = button("hypo-try", "Try it");
        go.addEventListener("click", function () { tryMove(S, pick.value); });
        var line = el("div", "hypo-row");
        line.appendChild(label);
        line.appendChild(pick);
        line.appendChild(go);
        parts.push(line);
      }
    } else {
      var open = button("hypo-open", "The moves at turn " +
                        S.turn, "list the moves the player to move could make here");
      open.addEventListener("click", function () { ask(S); });
      parts.push(open);
    }
    root.replaceChildren.apply(root, parts);
    root.classList.toggle("in-line", Boolean(h));
    var main = document.getElementById("content");
    if (main) { main.classList.toggle("hypo-on", Boolean(h)); }
  }

  window.novaHypo = {draw: draw, state: null};
  window.dash_clientside = Object.assign({}, window.dash_clientside, {
    novaHypo: {
      offers: function (data) {
        H.offers = data || null;
        var S = window.novaHypo.state;
        if (S && S.data) {
          draw(S, S.data, S.data.turn_data[S.turn]);
          var pick = document.getElementById("hypo-pick");
          if (pick) { pick.focus(); }
        }
        return window.dash_clientside.no_update;
      },
    },
  });
}());
