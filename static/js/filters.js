// Filter forms whose results htmx swaps in and whose query it pushes to the URL
// (form[data-url-state]): their controls are set from the URL's query whenever a page
// comes back. htmx's history snapshot (browser Back within the page) keeps the list it
// showed but not the controls' state, and a page the browser reloads or keeps for Back
// may show what the reviewer chose later; the URL is what the list shows.
(function () {
  "use strict";

  function show(form) {
    var query = new URLSearchParams(window.location.search);
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name || control.type === "hidden" || control.type === "submit") return;
      var values = query.getAll(control.name);
      if (control.type === "checkbox" || control.type === "radio") {
        control.checked = values.indexOf(control.value) !== -1;
      } else if (control.multiple) {
        Array.prototype.forEach.call(control.options, function (option) {
          option.selected = values.indexOf(option.value) !== -1;
        });
      } else if (control.tagName === "SELECT") {
        // Pick by index: unselecting the selected option of a single select selects
        // the first one again, so a loop of option.selected writes can undo itself.
        var at = Array.prototype.map.call(control.options, function (option) {
          return option.value;
        }).indexOf(values[0]);
        control.selectedIndex = at === -1 ? 0 : at; // absent or unknown: the first choice
      } else {
        control.value = values.length ? values[0] : "";
      }
    });
  }

  function showAll() {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-url-state]"), show);
  }

  document.addEventListener("DOMContentLoaded", showAll);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) showAll(); // kept by the browser (back/forward cache)
  });
  document.addEventListener("htmx:historyRestore", showAll);
})();
