// nova-replay: in a narrow window (a phone, a half screen) the turn bar keeps only its
// buttons on screen. Its options (and on a phone its slider) sit above the buttons
// (style.css) and scroll away: the bar's sticky `top` is minus their height, measured
// whenever the bar changes size. Layout only.
(function () {
  "use strict";
  var phone = window.matchMedia("(max-width: 900px)");

  function place(nav) {
    var button = document.getElementById("nav-next");
    var top = 0;
    if (button && phone.matches) {  // a wide window keeps the whole bar: nothing to measure
      top = Math.max(0, Math.round(
        button.getBoundingClientRect().top - nav.getBoundingClientRect().top - 2));
    }
    var value = top ? "-" + top + "px" : "";
    if (nav.style.top !== value) { nav.style.top = value; }  // no style write, no relayout
  }

  function watch() {
    var nav = document.querySelector(".nav");
    if (!nav) {  // Dash draws the page after it loads
      var wait = new MutationObserver(function () {
        if (document.querySelector(".nav")) { wait.disconnect(); watch(); }
      });
      wait.observe(document.body, {childList: true, subtree: true});
      return;
    }
    new ResizeObserver(function () { place(nav); }).observe(nav);
    phone.addEventListener("change", function () { place(nav); });
    place(nav);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else { watch(); }
}());
