// Optional improvements; every page works without this file.
// 1. "Same as shown" buttons copy the original expression into its rewrite box.
// 2. A draft of the current item is kept in sessionStorage and restored after a reload.
(function () {
  "use strict";
  var form = document.querySelector("form.item");
  if (!form) { return; }
  var key = "lingeval-draft:" + form.dataset.study + ":" + form.dataset.step;
  form.querySelectorAll("input[data-original]").forEach(function (input) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "copy";
    b.textContent = "same as shown";
    b.addEventListener("click", function () { input.value = input.dataset.original; save(); });
    input.insertAdjacentElement("afterend", b);
  });
  function save() {
    var data = {};
    new FormData(form).forEach(function (v, k) { if (k !== "csrf" && k !== "step") { data[k] = v; } });
    try { sessionStorage.setItem(key, JSON.stringify(data)); } catch (e) { /* storage full or off */ }
  }
  function restore() {
    var raw = null;
    try { raw = sessionStorage.getItem(key); } catch (e) { return; }
    if (!raw || form.querySelector(".error")) { return; }
    var data = JSON.parse(raw);
    Object.keys(data).forEach(function (k) {
      form.querySelectorAll("[name='" + CSS.escape(k) + "']").forEach(function (el) {
        if (el.type === "radio") { el.checked = el.value === data[k]; } else { el.value = data[k]; }
      });
    });
  }
  restore();
  form.addEventListener("input", save);
  form.addEventListener("change", save);
  form.addEventListener("submit", function () {
    try { sessionStorage.removeItem(key); } catch (e) { /* ignore */ }
  });
})();
