package serve

import "html/template"

// BannerText is the restart banner shown after a Go-code change.
const BannerText = "generator code changed: restart `make serve`"

type injectView struct {
	snapshot
	Banner, Events string
}

// injectTmpl is added to every HTML response: the restart banner when the
// generator's code changed, and a script that reloads the page when the
// server's state token differs from the one the page was served with.
var injectTmpl = template.Must(template.New("inject").Parse(
	`{{if .CodeChanged}}<div id="_serve_banner" role="alert" style="position:fixed;left:0;right:0;top:0;z-index:2147483647;margin:0;padding:.5em 1em;background:#b00020;color:#fff;font:15px/1.4 system-ui,sans-serif">{{.Banner}}` +
		`{{with .CodeFile}} <small>({{.}})</small>{{end}}{{with .CodeError}}<br><small>automatic restart failed: {{.}}</small>{{end}}</div>{{end}}` +
		`<script>(function(){var t={{.Token}},s=new EventSource({{.Events}});s.onmessage=function(e){if(JSON.parse(e.data).token!==t){s.close();location.reload()}}})()</script>`))

var errorTmpl = template.Must(template.New("error").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Build failed</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em}pre{background:#fff3f3;border-left:4px solid #b00020;padding:1em;overflow-x:auto;white-space:pre-wrap}</style>
</head><body>
<h1>Build failed</h1>
<p>Build {{.Generation}} failed with {{len .Errors}} error(s). The last good site is kept; fix the sources and this page reloads.</p>
<pre class="errors">
{{range .Errors}}{{.}}
{{end}}</pre>
</body></html>
`))

var notFoundTmpl = template.Must(template.New("404").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>404 page not found</title></head><body>
<h1>404 page not found</h1>
<p><code>{{.Path}}</code></p>
<p>{{if .First}}The first build is still running; this page reloads when it finishes.{{else}}This page does not exist in the built site. It appears here as soon as a build produces it.{{end}}</p>
</body></html>
`))
