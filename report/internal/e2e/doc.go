// Package e2e holds the end-to-end tests of the built course site in out/.
//
// The tests have no non-test code: they read out/ (committed) and templates/site.yaml
// from the module root, and drive Debian's Chromium through chromedp.
//
//   - TestSiteLinks (no browser): every internal href/src and #anchor resolves, every
//     page's <html lang> matches its folder, and the language switch is symmetric.
//   - TestBrowserPages: every page at 390 px and 1280 px: no console error, no failed
//     request, figures' images loaded, tables have headers, no horizontal overflow of
//     the document; a full-page screenshot of each goes to screenshots/ (git-ignored).
//   - TestAccessibility: axe-core (from npm, node_modules/axe-core) on every page;
//     violations of impact "serious" or "critical" fail.
//   - TestLivePreview: the live-preview server (internal/serve) on a copy of lessons/
//     and templates/: a prose edit shows in the open page, a broken lesson shows the
//     error page with file:line:col, and the fix brings the page back.
//
// The tests read out/ at the module root; set E2E_OUT to check another build.
// Chromium is looked up at /usr/bin/chromium (or $E2E_CHROMIUM, or chromium on $PATH);
// without it the browser tests fail with a hint to run `apt-get install chromium` or
// `bash .ci/run`. Without node_modules/axe-core the accessibility test fails with a
// hint to run `npm ci`.
package e2e
