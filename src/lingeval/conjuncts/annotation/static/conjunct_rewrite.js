// Live quality checks of the conjunct-rewrite task (paper 000, section 4.2), mirroring
// lingeval.conjuncts.annotation.checks: identical sentences, the highlighted conjunction kept,
// new content words, explanation for an unchanged sentence, long list. The server repeats every
// check on submission; this script only tells the participant early. No inline code (CSP).
(function () {
  "use strict";
  var WORD = /[^\W_]+(?:['\u2019][^\W_]+)*/gu;
  function words(text) { return (text.match(WORD) || []); }
  function norm(s) {
    return s.replace(/\s+/g, " ").trim().replace(/\s+([.,;:!?])/g, "$1").replace(/[\s.!?;:,]+$/, "").toLowerCase();
  }
  function check(fs, functionWords, longList) {
    var conj = fs.dataset.conjunction.toLowerCase();
    var left = fs.dataset.left.toLowerCase(), right = fs.dataset.right.toLowerCase();
    var count = parseInt(fs.dataset.count, 10);
    var allowed = new Set(JSON.parse(fs.dataset.allowed));
    var k = fs.dataset.index;
    var box = fs.querySelector('textarea[name="rewrites_' + k + '"]');
    var notRw = fs.querySelector('input[name="not_rewritable_' + k + '"]').checked;
    var expl = fs.querySelector('textarea[name="explanation_' + k + '"]').value.trim();
    var isLong = fs.querySelector('input[name="long_list_' + k + '"]').checked;
    var sents = box.value.split("\n").map(function (s) { return s.trim(); }).filter(Boolean);
    var msgs = [];
    if (notRw) {
      if (!expl) msgs.push("Please explain why the sentence cannot be rewritten.");
    } else if (!sents.length) {
      if (!isLong) msgs.push("Write at least one sentence, or mark the sentence as not rewritable.");
    } else {
      var seen = {};
      sents.forEach(function (s, i) {
        var n = norm(s);
        if (seen[n]) msgs.push("Sentences " + seen[n] + " and " + (i + 1) + " are identical.");
        else seen[n] = i + 1;
        var ws = words(s).map(function (w) { return w.toLowerCase(); });
        var uses = 0, kept = false;
        ws.forEach(function (w, j) {
          if (w !== conj) return;
          uses += 1;
          if ((!left || ws[j - 1] === left) && (!right || ws[j + 1] === right)) kept = true;
        });
        if (kept || uses >= count) msgs.push("Sentence " + (i + 1) + " still contains the highlighted '" + conj + "'.");
        var fresh = ws.filter(function (w) { return !functionWords.has(w) && !allowed.has(w); });
        if (fresh.length) msgs.push("Sentence " + (i + 1) + " adds new words: " + fresh.join(", ") + ".");
      });
      if (sents.length > longList) msgs.push("More than " + longList + " sentences: tick 'long list'.");
    }
    var out = fs.querySelector(".live-check");
    out.textContent = msgs.join(" ");
    fs.classList.toggle("invalid", msgs.length > 0);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var hit = document.querySelector(".conjunct-hit");
    if (!hit) return;
    var functionWords = new Set(JSON.parse(hit.dataset.functionWords));
    var longList = parseInt(hit.dataset.longList, 10);
    hit.querySelectorAll("fieldset.conjunct-rewrite").forEach(function (fs) {
      var run = function () { check(fs, functionWords, longList); };
      fs.addEventListener("input", run);
      fs.addEventListener("change", run);
    });
  });
})();
