// Left/right arrow keys (and Home/End) move through the turns by pressing the
// navigation buttons, so the server sees the same event as a click. Keys typed into
// a field, a dropdown or the focused slider (which moves itself) are left alone.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  var target = event.target;
  if (target && target.closest &&
      (target.closest("input, textarea, select, [contenteditable='true']") ||
       target.closest("[role='slider'], .dash-dropdown, .Select"))) {
    return;
  }
  var ids = {ArrowLeft: "nav-prev", ArrowRight: "nav-next", Home: "nav-first", End: "nav-last"};
  var button = ids[event.key] && document.getElementById(ids[event.key]);
  if (button) {
    event.preventDefault();
    button.click();
  }
});
