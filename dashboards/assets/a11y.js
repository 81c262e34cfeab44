// nova-replay: names and roles that Dash's own components leave out, so that every
// control is labelled for a screen reader (axe-core finds none missing: tests). Dash
// draws these components itself and redraws them at will, so the names are set again
// whenever the page changes. It decides nothing about the game.
(function () {
  "use strict";
  // id (or selector) -> the control's name
  var NAMES = [
    ["#upload input[type='file']", "upload a game log (JSON)"],
    ["#turn-slider [role='slider'], #turn-slider .dash-slider-thumb", "turn"],
    ["#tier", "knowledge tier"],
    ["#spoilers", "spoilers"],
    ["#finding-severity", "severities shown"],
    ["#finding-kind input", "kinds of findings shown"],
    ["#game-picker input", "game"],
    ["#lesson-picker input", "lesson"],
    ["#puzzle-picker input", "puzzle"],
    ["#as input", "view as"],
  ];

  // the radio and check lists (not a dropdown's options, which are options)
  var LISTS = ["#tier", "#spoilers", "#finding-severity"].map(function (id) {
    return id + " > .dash-options-list-option";
  }).join(", ");

  function fix() {
    NAMES.forEach(function (n) {
      document.querySelectorAll(n[0]).forEach(function (e) {
        if (e.getAttribute("aria-label") !== n[1]) { e.setAttribute("aria-label", n[1]); }
      });
    });
    // A dropdown's hidden focus target stays out of the tab order (its button is the
    // control); an option of a radio or check list is no option role around an input.
    document.querySelectorAll(".dash-dropdown-focus-target").forEach(function (e) {
      if (e.getAttribute("tabindex") !== "-1") { e.setAttribute("tabindex", "-1"); }
    });
    document.querySelectorAll(LISTS).forEach(function (e) {
      if (e.hasAttribute("role")) { e.removeAttribute("role"); }
      if (e.hasAttribute("aria-selected")) { e.removeAttribute("aria-selected"); }
      var list = e.parentNode;
      var role = list.querySelector("input[type='radio']") ? "radiogroup" : "group";
      if (list.getAttribute("role") !== role) { list.setAttribute("role", role); }
    });
  }

  // `pending` while a change waits for its fix (the next frame): tests wait on it.
  var state = window.novaA11y = {pending: false};
  function later() {
    if (state.pending) { return; }
    state.pending = true;
    requestAnimationFrame(function () { state.pending = false; fix(); });
  }
  // The board's own redraws (a turn change) touch none of these controls: skipped.
  var BOARD = "#hands, #table, #move-list, #findings, #summary, #clock, #clock-legend";
  new MutationObserver(function (changes) {
    for (var i = 0; i < changes.length; i++) {
      var t = changes[i].target;
      if (!(t.closest && t.closest(BOARD))) { later(); return; }
    }
  }).observe(document.documentElement, {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", fix);
}());
