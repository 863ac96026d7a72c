// canasta-score serve: the live sheet, the hand form's check as it is filled, steppers and
// the card buttons. The page works without it; this only spares reloading and typing.
(function () {
  "use strict";
  var body = document.body;
  body.classList.add("scripted");

  var events = body.getAttribute("data-events");
  if (events && window.EventSource) {
    var source = new EventSource(events);
    source.addEventListener("sheet", function (event) {
      var sheet = document.getElementById("sheet");
      if (!sheet) return;
      var open = {};
      sheet.querySelectorAll("details[open]").forEach(function (d) { open[d.id] = true; });
      sheet.innerHTML = event.data; // rendered and escaped by the server's templates
      sheet.querySelectorAll("details").forEach(function (d) { if (open[d.id]) d.open = true; });
      body.setAttribute("data-revision", event.lastEventId);
    });
  }

  var form = document.getElementById("hand-form");
  var timer = null;
  function check() {
    var data = new URLSearchParams(new FormData(form));
    fetch(form.getAttribute("data-preview"), {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (html === null) return;
      document.getElementById("preview").innerHTML = html;
      // Each refused answer is marked where it was typed.
      var listed = document.querySelector("#preview [data-wrong]");
      var wrong = listed ? listed.getAttribute("data-wrong").split(" ") : [];
      form.querySelectorAll("label.field").forEach(function (label) {
        var input = label.querySelector("input");
        label.classList.toggle("wrong", !!input && wrong.indexOf(input.name) >= 0);
      });
    }).catch(function () {});
  }
  if (form) {
    var later = function () { clearTimeout(timer); timer = setTimeout(check, 200); };
    form.addEventListener("input", later);
    form.addEventListener("change", later);
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest("button[data-add]");
    if (step) {
      var input = step.parentNode.querySelector("input");
      var value = parseInt(input.value.replace(/[,_\s]/g, "") || "0", 10);
      if (isNaN(value)) value = 0;
      input.value = String(Math.max(0, value + parseInt(step.getAttribute("data-add"), 10)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    var card = event.target.closest("button[data-card]");
    if (card) {
      var target = document.querySelector("#ruling-form [data-cards]:focus") || lastCards;
      if (!target) target = document.querySelector("#ruling-form [data-cards]");
      if (!target) return;
      var rank = card.getAttribute("data-card");
      if (!rank) target.value = "";
      else target.value = (target.value && !/\s$/.test(target.value) ? target.value + " " : target.value) + rank;
      target.focus();
    }
  });
  var lastCards = null;
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("#ruling-form [data-cards]")) lastCards = event.target;
  });
  var which = document.querySelector("#ruling-form select[name=check]");
  if (which) {
    which.addEventListener("change", function () {
      window.location = which.form.action.split("#")[0] + "?" +
        new URLSearchParams({ lang: document.documentElement.lang, check: which.value, pick: "1" }) + "#rulings";
    });
  }
})();
