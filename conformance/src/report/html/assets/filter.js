// Filtering the compliance matrix by engine, topic and status. Everything is in the HTML
// already; this only hides rows and columns, and the page is complete without it.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) { return; }
  form.hidden = false;
  var shown = document.getElementById("shown");

  function all(selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  }

  // A cell "has" a status when its count of it is non-zero (matrix) or it is that verdict.
  function has(cell, status) {
    return cell.getAttribute("data-status") === status ||
      Number(cell.getAttribute("data-" + status) || 0) > 0;
  }

  function apply() {
    var engine = form.elements.engine.value;
    var topic = form.elements.topic.value;
    var status = form.elements.status.value;
    all("[data-engine]").forEach(function (el) {
      el.hidden = engine !== "" && el.getAttribute("data-engine") !== engine;
    });
    all("tr[data-topics]").forEach(function (row) {
      var topics = row.getAttribute("data-topics").split(" ");
      var inTopic = topic === "" || topics.indexOf(topic) >= 0 || topics.indexOf("all") >= 0;
      var withStatus = status === "" || row.hasAttribute("data-summary") ||
        all("[data-engine]", row).some(function (cell) { return !cell.hidden && has(cell, status); });
      row.hidden = !(inTopic && withStatus);
    });
    all("tbody[data-topic]").forEach(function (group) {
      group.hidden = all("tr[data-source]", group).every(function (row) { return row.hidden; });
    });
    var sources = all("tr[data-source]").filter(function (r) { return !r.hidden; }).length;
    var cases = all("tr[data-case]").filter(function (r) { return !r.hidden; }).length;
    shown.textContent = sources + " sources, " + cases + " cases shown";
    shown.setAttribute("data-sources", String(sources));
    shown.setAttribute("data-cases", String(cases));
  }

  form.addEventListener("change", apply);
  // `reset` fires before the fields are reset.
  form.addEventListener("reset", function () { window.setTimeout(apply, 0); });
  apply();
}());
