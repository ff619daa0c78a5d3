// Keyboard review on the conversation page: j/k move between error regions, f/e/r open
// the flag form for the current region, w opens its "why" panel, a the page that flags
// every region reading the same, space plays or pauses the current turn's recording, ?
// toggles the help, Esc closes the help or the inline
// flag form.
// Every action is also a plain link or form on the page; this file only adds keys.
(function () {
  "use strict";

  var ACTIONS = { f: "false_error", e: "real_error", r: "reference_error", w: "why", a: "all" };
  var current = null;

  function regions() {
    return Array.prototype.slice.call(document.querySelectorAll("#turns .region"));
  }

  function select(region) {
    if (current && current !== region) current.classList.remove("current");
    current = region;
    if (!region) return;
    region.classList.add("current");
    region.focus();
    region.scrollIntoView({ block: "center", behavior: "auto" });
  }

  function move(step) {
    var all = regions();
    if (!all.length) return;
    var at = all.indexOf(current);
    if (at === -1) at = step > 0 ? -1 : all.length;
    select(all[Math.min(all.length - 1, Math.max(0, at + step))]);
  }

  function act(name) {
    if (!current || !document.body.contains(current)) return;
    var row = document.getElementById(current.getAttribute("data-actions"));
    var link = row && row.querySelector('[data-action="' + name + '"]');
    if (link) link.click();
  }

  // The turn being reviewed: the current region's, else the one that holds the focus.
  function currentTurn() {
    var from = current && document.body.contains(current) ? current : document.activeElement;
    return from && from.closest ? from.closest("#turns article") : null;
  }

  function currentAudio() {
    var turn = currentTurn();
    return turn && turn.querySelector("audio");
  }

  // In a review pass (#review-pass names the pass's "next" URL): n goes to the next
  // unreviewed turn of the user's queue after this one; c marks this turn reviewed with
  // no (other) flag, then goes on.
  function reviewPass() {
    return document.getElementById("review-pass");
  }

  function nextTurn(after) {
    var url = reviewPass().getAttribute("data-next-url");
    window.location.assign(url + (after ? "?after=" + after : ""));
  }

  function turnPk(turn) {
    return turn ? turn.id.replace("turn-", "") : "";
  }

  function markReviewed() {
    var turn = currentTurn() || document.querySelector('#turns article[data-pass-state="pending"]');
    if (!turn || !turn.hasAttribute("data-reviewed-url")) return;
    var headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    fetch(turn.getAttribute("data-reviewed-url"), {
      method: "POST", headers: headers, credentials: "same-origin",
    }).then(function (response) {
      if (!response.ok) throw new Error("not marked reviewed: " + response.status);
      turn.setAttribute("data-pass-state", "reviewed");
      nextTurn(turnPk(turn));
    });
  }

  function togglePlay(audio) {
    if (!audio.paused) {
      audio.pause();
      return;
    }
    var start = parseFloat(audio.getAttribute("data-start") || "0");
    var end = parseFloat(audio.getAttribute("data-end") || "NaN");
    if (audio.currentTime < start || audio.currentTime >= end) audio.currentTime = start;
    var playing = audio.play();
    // a pause before the recording starts interrupts play(): that is no failure
    if (playing) playing.catch(function (error) { if (error.name !== "AbortError") throw error; });
  }

  // A turn's player plays its segment only, and one recording plays at a time.
  document.addEventListener("timeupdate", function (event) {
    var audio = event.target;
    var end = parseFloat(audio.getAttribute && audio.getAttribute("data-end"));
    if (end >= 0 && audio.currentTime >= end && !audio.paused) audio.pause();
  }, true);
  document.addEventListener("play", function (event) {
    document.querySelectorAll("#turns audio").forEach(function (other) {
      if (other !== event.target && !other.paused) other.pause();
    });
  }, true);

  function toggleHelp(show) {
    var help = document.getElementById("keyboard-help");
    var button = document.getElementById("help-toggle");
    if (!help) return;
    var open = show === undefined ? help.hidden : show;
    help.hidden = !open;
    if (button) button.setAttribute("aria-expanded", String(open));
    if (open) help.querySelector("[data-close-help]").focus();
    else if (current) current.focus();
  }

  // An inline flag form (new or edit) or the note that the region is flagged already.
  var INLINE = "#turns .flag-form, #turns .flag-exists";
  // The flag items that an edit form stands in for, by id, to put back on Cancel.
  var replaced = {};

  // The form Esc closes: the one holding the focus, else one open in the current
  // region's turn (the one in its panel first), else the page's only open one.
  function openInline(target) {
    var box = target.closest && target.closest(INLINE);
    if (box) return box;
    var open = Array.prototype.slice.call(document.querySelectorAll(INLINE));
    var turn = current && current.closest(".turn");
    var mine = open.filter(function (b) {
      return turn && turn.contains(b);
    });
    if (mine.length) {
      return mine.filter(function (b) {
        return b.closest(".panel");
      })[0] || mine[0];
    }
    return open.length === 1 ? open[0] : null;
  }

  // Close without saving: an edit form gives its place back to the flag it edits; a new
  // form (or the note) goes, and the focus returns to its region.
  function closeInline(box) {
    var saved = replaced[box.id];
    if (saved) {
      delete replaced[box.id];
      box.replaceWith(saved);
      if (window.htmx) window.htmx.process(saved);
      saved.focus();
      return;
    }
    var key = box.getAttribute("data-region");
    box.remove();
    var region =
      key && (document.getElementById("r-" + key) || document.getElementById("ra-" + key));
    if (region) select(region);
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id && target.classList.contains("flag")) {
      replaced[target.id] = target.cloneNode(true);
    }
  });

  function typing(target) {
    var tag = target.tagName;
    return target.isContentEditable || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && event.target.form) {
      event.preventDefault();
      event.target.form.requestSubmit();
      return;
    }
    if (event.key === "Escape") {
      var help = document.getElementById("keyboard-help");
      var box = openInline(event.target);
      if (help && !help.hidden) toggleHelp(false);
      else if (box) closeInline(box);
      else return;
      event.preventDefault();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    if (event.key === " ") {
      var audio = currentAudio();
      if (!audio || event.target.closest("a, button, audio, summary")) return;
      togglePlay(audio);
    } else if (event.key === "n" && reviewPass()) nextTurn(turnPk(currentTurn()));
    else if (event.key === "c" && reviewPass()) markReviewed();
    else if (event.key === "?") toggleHelp();
    else if (event.key === "j") move(1);
    else if (event.key === "k") move(-1);
    else if (ACTIONS[event.key]) act(ACTIONS[event.key]);
    else return;
    event.preventDefault();
  });

  // A click (or Tab) onto a region makes it the current one.
  document.addEventListener("focusin", function (event) {
    var region = event.target.closest && event.target.closest("#turns .region");
    if (region && region !== current) {
      if (current) current.classList.remove("current");
      current = region;
      region.classList.add("current");
    }
  });

  document.addEventListener("click", function (event) {
    var cancel = event.target.closest("[data-cancel]");
    var box = cancel && cancel.closest(INLINE);
    if (box) {
      // The link's page is this one: following it would only scroll.
      event.preventDefault();
      closeInline(box);
    } else if (event.target.closest("#help-toggle")) toggleHelp();
    else if (event.target.closest("[data-close-help]")) toggleHelp(false);
  });

  // After htmx swaps in a form or a saved flag, put the focus where the work continues.
  document.addEventListener("htmx:afterSettle", function () {
    var next = document.querySelector("[data-autofocus]");
    if (!next) return;
    next.removeAttribute("data-autofocus");
    next.focus();
  });

  // The no-JavaScript flag page marks the note field too; with JavaScript, focus it.
  document.addEventListener("DOMContentLoaded", function () {
    var first = document.querySelector("main [data-autofocus]");
    if (first) first.focus();
    // Sent to a turn of a review pass (#turn-N): its first region is the current one.
    var turn = reviewPass() && window.location.hash.indexOf("#turn-") === 0
      && document.getElementById(window.location.hash.slice(1));
    var region = turn && turn.querySelector(".region");
    if (region && !first) select(region);
  });

  // The raw/normalized toggle replaces #turns: forget the region that was removed.
  document.addEventListener("htmx:afterSwap", function () {
    if (current && !document.body.contains(current)) current = null;
  });
})();
