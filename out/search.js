// Search over the lessons, for templates/search.html. search-index.json, beside
// the page, is written by the build (report/internal/search): each section's
// URL, title, heading, excerpt, and its words folded. A query word matches the
// words it begins ("karma" finds "karmayı"; "yük dengel" finds "dengeleyici");
// sections matching more query words come first, then in page order.
(function () {
  "use strict";

  // search-fold:begin
  // Fold, Tokens and Indexable of report/internal/search, step for step;
  // its tests check the table and, under node, the results.
  var FOLD = {"ß": "ss", "æ": "ae", "ð": "d", "ø": "o", "þ": "th", "đ": "d", "ħ": "h", "ı": "i", "ł": "l", "œ": "oe"};
  var foldRE = new RegExp("[" + Object.keys(FOLD).join("") + "]", "g");

  function fold(s) {
    return s.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").normalize("NFC")
      .replace(foldRE, function (c) { return FOLD[c]; });
  }

  // The words of s that count: two characters or more, one a letter.
  function words(s) {
    return (fold(s).match(/[\p{L}\p{Nd}]+/gu) || []).filter(function (w) {
      return Array.from(w).length >= 2 && /\p{L}/u.test(w);
    });
  }
  // search-fold:end

  var form = document.querySelector("form.search");
  var input = form && form.querySelector('input[type="search"]');
  var list = document.querySelector("ol.search-results");
  var status = document.querySelector(".search-status");
  if (!input || !list || !status) {
    return;
  }
  var docs = [], terms = {}, tokens = [];

  // The first index of tokens (sorted) not below w.
  function lowerBound(w) {
    var lo = 0, hi = tokens.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (tokens[mid] < w) { lo = mid + 1; } else { hi = mid; }
    }
    return lo;
  }

  // The docs with a word that w begins; failing that, that w less its last
  // one to three letters begins (keeping four), for a suffix the text lacks.
  function docsOf(w) {
    var c = Array.from(w), hit = {};
    for (var cut = 0; cut <= 3 && (cut === 0 || c.length - cut >= 4); cut++) {
      var p = c.slice(0, c.length - cut).join("");
      for (var i = lowerBound(p); i < tokens.length && tokens[i].startsWith(p); i++) {
        terms[tokens[i]].forEach(function (d) { hit[d] = true; });
      }
      if (Object.keys(hit).length) { break; }
    }
    return Object.keys(hit);
  }

  function show(query) {
    var score = docs.map(function () { return 0; });
    var q = Array.from(new Set(words(query)));
    q.forEach(function (w) {
      docsOf(w).forEach(function (d) { score[d]++; });
    });
    var found = Object.keys(score).map(Number).filter(function (d) { return score[d]; });
    found.sort(function (a, b) { return score[b] - score[a] || a - b; });

    list.textContent = "";
    found.forEach(function (d) {
      var doc = docs[d]; // url, title, section, excerpt
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = doc[0];
      a.textContent = doc[2] ? doc[1] + " › " + doc[2] : doc[1];
      var p = document.createElement("p");
      p.textContent = doc[3];
      li.append(a, p);
      list.append(li);
    });
    status.textContent = q.length && !found.length && docs.length ? form.dataset.none : "";
  }

  function links() { return Array.from(list.querySelectorAll("a")); }

  input.addEventListener("input", function () { show(input.value); });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    show(input.value);
    if (links().length) { links()[0].focus(); }
  });
  // Escape clears; the arrow keys step between the field and the results.
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    if (t !== input && !list.contains(t)) {
      return;
    }
    var all = links(), i = all.indexOf(t);
    if (e.key === "Escape") {
      input.value = "";
      show("");
      input.focus();
    } else if (e.key === "ArrowDown" && i < all.length - 1) {
      all[i + 1].focus();
    } else if (e.key === "ArrowUp" && t !== input) {
      (i > 0 ? all[i - 1] : input).focus();
    } else {
      return;
    }
    e.preventDefault();
  });

  // A link such as search.html?q=karma fills the field.
  input.value = new URLSearchParams(location.search).get("q") || input.value;
  fetch("search-index.json").then(function (r) {
    if (!r.ok) { throw new Error(r.status); }
    return r.json();
  }).then(function (index) {
    docs = index.docs;
    terms = index.terms;
    tokens = Object.keys(terms).sort();
    show(input.value);
  }).catch(function () {
    status.textContent = form.dataset.unavailable;
  });
})();
