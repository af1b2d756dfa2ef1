// runforge serve: the filter box, and the page following the session's
// rounds (server-sent events): each new round's page is fetched and
// patched in place, node by node, so unchanged images stay as they are.
(function () {
  "use strict";
  var filter = document.getElementById("filter");
  var gen = Number(document.body.dataset.gen) || 0;
  var wanted = gen;
  var busy = false;

  function applyFilter() {
    var q = filter.value.trim().toLowerCase();
    document.querySelectorAll("#packs [data-search]").forEach(function (el) {
      el.hidden = q !== "" && el.dataset.search.indexOf(q) < 0;
    });
  }
  filter.addEventListener("input", applyFilter);

  // morph makes the node o like n, keeping the nodes that are equal, so a
  // changed image is the only thing that reloads.
  function morph(o, n) {
    if (o.isEqualNode(n)) return;
    if (o.nodeType !== 1 || o.nodeName !== n.nodeName || o.getAttribute("data-key") !== n.getAttribute("data-key")) {
      o.replaceWith(n.cloneNode(true));
      return;
    }
    Array.prototype.slice.call(o.attributes).forEach(function (a) {
      if (a.name !== "open" && a.name !== "hidden" && !n.hasAttribute(a.name)) o.removeAttribute(a.name);
    });
    Array.prototype.slice.call(n.attributes).forEach(function (a) {
      if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
    });
    var oc = Array.prototype.slice.call(o.childNodes);
    var nc = Array.prototype.slice.call(n.childNodes);
    if (oc.length !== nc.length) {
      o.replaceChildren.apply(o, nc.map(function (x) { return x.cloneNode(true); }));
      return;
    }
    oc.forEach(function (c, i) { morph(c, nc[i]); });
  }

  function patch(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    ["summary", "problems", "packs"].forEach(function (id) {
      var n = t.content.getElementById(id);
      var o = document.getElementById(id);
      if (n && o) morph(o, n);
    });
    applyFilter();
  }

  function update() {
    if (busy || wanted <= gen) return;
    busy = true;
    fetch("/fragment", { cache: "no-store" }).then(function (r) {
      if (!r.ok) throw new Error("fragment: " + r.status);
      var g = Number(r.headers.get("X-Runforge-Gen")) || wanted;
      return r.text().then(function (html) {
        patch(html);
        gen = g;
        document.body.dataset.gen = String(gen);
      });
    }).catch(function (e) {
      console.warn("runforge: " + e.message);
    }).then(function () {
      busy = false;
      update();
    });
  }

  var events = new EventSource("/events");
  events.addEventListener("message", function (e) {
    wanted = Math.max(wanted, Number(e.data) || 0);
    update();
  });
})();
