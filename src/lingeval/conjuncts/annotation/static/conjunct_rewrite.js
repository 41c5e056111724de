// Live checks of the conjunct-rewrite task (paper 000, section 4.2), mirroring
// lingeval.conjuncts.annotation.checks with the data the server computed for each sentence
// (word forms, content words to keep, negations): unchanged sentence without an explanation,
// identical sentences, the highlighted conjunction kept, new content words, content words
// lost, a negation added or lost, long list. The messages are the server's. The server
// repeats every check on submission; this script only tells the participant early.
// No inline code (CSP).
(function () {
  "use strict";
  var TOKEN = /\d+(?:[.,]\d+)+|[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*/gu;
  var NEGATIONS = new Set(["not", "n't", "no", "never", "nothing", "nobody", "none", "nowhere", "neither", "nor", "cannot"]);
  var CLITICS = ["n't", "'s", "'re", "'ll", "'ve", "'d", "'m"];
  function tokens(text) { return text.match(TOKEN) || []; }
  function normTok(t) {
    var low = t.toLowerCase().replace(/\u2019/g, "'");
    return /^\d/.test(low) ? low.replace(/(\d),(?=\d)/g, "$1") : low;
  }
  function stripPossessive(low) {
    if (low.length > 2 && low.slice(-2) === "'s") return low.slice(0, -2);
    if (low.length > 1 && low.slice(-1) === "'") return low.slice(0, -1);
    return low;
  }
  function isNeg(t) { var low = normTok(t); return NEGATIONS.has(low) || low.slice(-3) === "n't"; }
  function isFunction(t, stop) {
    var low = normTok(t);
    if (stop.has(low)) return true;
    return CLITICS.some(function (c) {
      return low.length > c.length && low.slice(-c.length) === c && stop.has(low.slice(0, -c.length));
    });
  }
  function matches(t, forms) { var low = normTok(t); return forms.has(low) || forms.has(stripPossessive(low)); }
  function covers(toks, forms) { return toks.some(function (t) { return matches(t, forms); }); }
  function norm(s) {
    return s.replace(/\s+/g, " ").trim().replace(/\s+([.,;:!?])/g, "$1").replace(/[\s.!?;:,]+$/, "").toLowerCase();
  }
  function plural(n, one, many) { return n === 1 ? one : many; }
  function sentence(text) {
    text = text.trim();
    text = text.charAt(0).toUpperCase() + text.slice(1);
    return /[.?!]$/.test(text) ? text : text + ".";
  }
  function context(words, i) { return words.slice(Math.max(0, i - 1), i + 2).join(" "); }

  function check(fs, stop, longList) {
    var conj = fs.dataset.conjunction.toLowerCase();
    var left = fs.dataset.left.toLowerCase(), right = fs.dataset.right.toLowerCase();
    var count = parseInt(fs.dataset.count, 10);
    var allowed = new Set(JSON.parse(fs.dataset.allowed));
    var required = JSON.parse(fs.dataset.required).map(function (r) { return [r[0], new Set(r[1])]; });
    var negations = JSON.parse(fs.dataset.negations).map(function (n) {
      return { context: n[1], licence: n[2].map(function (f) { return new Set(f); }), scope: n[3] ? new Set(n[3]) : null };
    });
    var k = fs.dataset.index;
    var box = fs.querySelector('textarea[name="rewrites_' + k + '"]');
    var notRw = fs.querySelector('input[name="not_rewritable_' + k + '"]').checked;
    var expl = fs.querySelector('textarea[name="explanation_' + k + '"]').value.trim();
    var isLong = fs.querySelector('input[name="long_list_' + k + '"]').checked;
    var sents = box.value.split("\n").map(function (s) { return s.trim(); }).filter(Boolean);
    var msgs = [];
    var unchanged = notRw || (sents.length === 1 && norm(sents[0]) === fs.dataset.normalized);
    if (unchanged) {
      if (!expl) msgs.push("you left the sentence unchanged: please explain why it cannot be rewritten");
    } else if (!sents.length) {
      if (!isLong) msgs.push("write at least one sentence, or mark the sentence as not rewritable");
    } else {
      var toks = sents.map(tokens);
      // identical sentences
      var seen = {}, pairs = [];
      sents.forEach(function (s, i) {
        var n = norm(s);
        if (seen[n]) pairs.push(seen[n] + " and " + (i + 1)); else seen[n] = i + 1;
      });
      if (pairs.length) msgs.push("sentences " + pairs.join(", ") + " are identical; each sentence must say something different");
      // the highlighted conjunction kept (quoted from the participant's sentence)
      var bad = [], quotes = [];
      toks.forEach(function (words, i) {
        var low = words.map(function (w) { return w.toLowerCase(); });
        var kept = null, first = null, uses = 0;
        low.forEach(function (w, j) {
          if (w !== conj) return;
          uses += 1;
          if (first === null) first = context(words, j);
          if (kept === null && (!left || low[j - 1] === left) && (!right || low[j + 1] === right)) kept = context(words, j);
        });
        if (kept === null && uses >= count) kept = first || conj;
        if (kept !== null) { bad.push(i + 1); quotes.push("'" + kept + "'"); }
      });
      if (bad.length) {
        msgs.push(plural(bad.length, "sentence ", "sentences ") + bad.join(", ") + " still " +
          plural(bad.length, "contains", "contain") + " the highlighted '" + conj + "' (" + quotes.join(", ") +
          "); split the sentence there instead");
      }
      // new content words (each listed once)
      var fresh = [], freshSeen = new Set();
      toks.forEach(function (words) {
        words.forEach(function (w) {
          var low = normTok(w);
          if (isFunction(w, stop) || matches(w, allowed) || freshSeen.has(low)) return;
          freshSeen.add(low); fresh.push(w);
        });
      });
      if (fresh.length) {
        msgs.push(plural(fresh.length, "new word", "new words") + " not in the sentence: " + fresh.join(", ") +
          "; use only the sentence's words (other forms of them are fine)");
      }
      // coverage: every content word of the original kept somewhere
      var all = [].concat.apply([], toks);
      var missing = required.filter(function (r) { return !covers(all, r[1]); }).map(function (r) { return r[0]; });
      if (missing.length) {
        msgs.push(plural(missing.length, "a word", "words") + " of the original " + plural(missing.length, "is", "are") +
          " in none of your sentences: " + missing.join(", ") + "; together your sentences must say everything " +
          "the original says (or tick 'cannot be rewritten' and say why)");
      }
      // polarity: no negation added or lost
      var parts = [], added = [], addedWords = [];
      toks.forEach(function (words, i) {
        var negs = words.filter(isNeg);
        if (!negs.length) return;
        var licensed = negations.some(function (n) {
          return !n.licence.length || n.licence.some(function (f) { return covers(words, f); });
        });
        if (!licensed) {
          added.push(i + 1);
          if (addedWords.indexOf("'" + negs[0] + "'") < 0) addedWords.push("'" + negs[0] + "'");
        }
      });
      if (added.length) {
        parts.push(plural(added.length, "sentence ", "sentences ") + added.join(", ") + " " +
          plural(added.length, "adds", "add") + " a negation (" + addedWords.join(", ") + ") that the original does not have there");
      }
      var lost = negations.filter(function (n) {
        var holders = n.scope ? toks.filter(function (w) { return covers(w, n.scope); }) : [];
        if (!holders.length) holders = toks;
        return !holders.some(function (w) { return w.some(isNeg); });
      });
      if (lost.length) {
        parts.push("the negation of the original (" + lost.map(function (n) { return "'" + n.context + "'"; }).join(", ") +
          ") is lost; keep it where it belongs");
      }
      if (parts.length) msgs.push(parts.join("; "));
    }
    var note = sents.length > longList && !isLong ? " More than " + longList + " sentences: tick 'long list'." : "";
    var out = fs.querySelector(".live-check");
    out.textContent = msgs.map(sentence).join(" ") + note;
    fs.classList.toggle("invalid", msgs.length > 0);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var hit = document.querySelector(".conjunct-hit");
    if (!hit) return;
    var stop = new Set(JSON.parse(hit.dataset.functionWords));
    var longList = parseInt(hit.dataset.longList, 10);
    hit.querySelectorAll("fieldset.conjunct-rewrite").forEach(function (fs) {
      var run = function () { check(fs, stop, longList); };
      fs.addEventListener("input", run);
      fs.addEventListener("change", run);
    });
  });
})();
