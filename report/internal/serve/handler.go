package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
)

type handler struct {
	out  string
	st   *state
	quit <-chan struct{}
	fs   http.Handler
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	upath := r.URL.Path
	if !strings.HasPrefix(upath, "/") {
		upath = "/" + upath
	}
	switch {
	case upath == EventsPath:
		h.events(w, r)
		return
	case upath == StatusPath:
		h.status(w, r)
		return
	case strings.HasPrefix(upath, "/_serve/"):
		http.NotFound(w, r)
		return
	}
	// Read the state before the file: a build finishing in between then costs at
	// most one extra reload, never a missed one.
	snap := h.st.snapshot()
	page := isPagePath(upath)
	if page && len(snap.Errors) > 0 {
		h.writeHTML(w, r, http.StatusInternalServerError, errorPage(snap), snap)
		return
	}
	f, name, ok := h.open(w, r, upath, page, snap)
	if !ok {
		return
	}
	if !isHTMLName(name) {
		f.Close()
		h.static(w, r)
		return
	}
	body, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		http.Error(w, "serve: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h.writeHTML(w, r, http.StatusOK, body, snap)
}

// open opens the file upath names in Out, a directory's index.html in its
// place, and returns it with its path. When it returns ok false it has answered
// the request itself: with a redirect that adds or removes the final slash, the
// 404 page for a missing page, or http.FileServer's answer.
func (h *handler) open(w http.ResponseWriter, r *http.Request, upath string, page bool, snap snapshot) (f http.File, name string, ok bool) {
	dir := http.Dir(h.out)
	f, err := dir.Open(upath)
	if err != nil {
		h.openFailed(w, r, upath, page, err, snap)
		return nil, "", false
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		h.static(w, r)
		return nil, "", false
	case !fi.IsDir() && strings.HasSuffix(r.URL.Path, "/"):
		f.Close()
		redirect(w, r, "../"+path.Base(upath))
		return nil, "", false
	case !fi.IsDir():
		return f, upath, true
	}
	f.Close()
	if !strings.HasSuffix(r.URL.Path, "/") {
		redirect(w, r, path.Base(upath)+"/")
		return nil, "", false
	}
	name = path.Join(upath, "index.html")
	if f, err = dir.Open(name); err != nil {
		h.openFailed(w, r, upath, page, err, snap)
		return nil, "", false
	}
	if fi, err = f.Stat(); err != nil || fi.IsDir() {
		f.Close()
		h.static(w, r)
		return nil, "", false
	}
	return f, name, true
}

// openFailed answers a request for a file Out does not have: the 404 page for
// a page, http.FileServer's answer otherwise.
func (h *handler) openFailed(w http.ResponseWriter, r *http.Request, upath string, page bool, err error, snap snapshot) {
	if page && errors.Is(err, fs.ErrNotExist) {
		h.writeHTML(w, r, http.StatusNotFound, notFoundPage(upath, snap), snap)
		return
	}
	h.static(w, r)
}

// static serves a file that gets no injection, straight from Out.
func (h *handler) static(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	// mime.TypeByExtension may consult the system's tables; pin the types the
	// site relies on.
	switch strings.ToLower(path.Ext(r.URL.Path)) {
	case ".svg":
		w.Header().Set("Content-Type", "image/svg+xml")
	case ".css":
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	case ".js":
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	}
	h.fs.ServeHTTP(w, r)
}

// writeHTML sends an HTML page with the reload script (and the banner, if any)
// injectTmpl. Such a response is never cached: its script carries the state token,
// and a cached copy would reload forever.
func (h *handler) writeHTML(w http.ResponseWriter, r *http.Request, code int, page []byte, snap snapshot) {
	body := inject(page, snap)
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(code)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

func (h *handler) status(w http.ResponseWriter, r *http.Request) {
	b, err := json.Marshal(h.st.snapshot())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(append(b, '\n'))
}

// events streams the state as Server-Sent Events: one "data:" JSON snapshot on
// connect and one after every change, until the client leaves or the server stops.
func (h *handler) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, "retry: 1000\n\n"); err != nil {
		return
	}
	last := ""
	for {
		snap := h.st.snapshot()
		if snap.Token != last {
			last = snap.Token
			b, err := json.Marshal(snap)
			if err != nil {
				return
			}
			if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
				return
			}
			fl.Flush()
		}
		select {
		case <-snap.changed:
		case <-r.Context().Done():
			return
		case <-h.quit:
			return
		}
	}
}

// isPagePath reports whether a URL path names a page rather than an asset: it ends
// in "/", has no extension, or ends in .html/.htm.
func isPagePath(p string) bool {
	if strings.HasSuffix(p, "/") {
		return true
	}
	ext := path.Ext(p)
	return ext == "" || isHTMLName(p)
}

func isHTMLName(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return ext == ".html" || ext == ".htm"
}

// redirect sends a relative redirect, keeping the query (as http.FileServer does).
func redirect(w http.ResponseWriter, r *http.Request, target string) {
	if q := r.URL.RawQuery; q != "" {
		target += "?" + q
	}
	w.Header().Set("Location", target)
	w.WriteHeader(http.StatusMovedPermanently)
}

// inject inserts the reload script, and the restart banner if needed, just before
// the last </body> (case-insensitive), or at the end when there is none.
func inject(page []byte, snap snapshot) []byte {
	var add bytes.Buffer
	if err := injectTmpl.Execute(&add, injectView{snap, BannerText, EventsPath}); err != nil {
		panic(err) // the template and its data are this package's own
	}
	i := lastIndexFold(page, "</body")
	if i < 0 {
		i = len(page)
	}
	out := make([]byte, 0, len(page)+add.Len())
	out = append(out, page[:i]...)
	out = append(out, add.String()...)
	return append(out, page[i:]...)
}

// lastIndexFold is bytes.LastIndex with ASCII case folding; the needle must be
// lower-case ASCII. (bytes.ToLower could change the length of non-ASCII text.)
func lastIndexFold(s []byte, needle string) int {
	for i := len(s) - len(needle); i >= 0; i-- {
		match := true
		for j := 0; j < len(needle); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != needle[j] {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// errorPage lists the last build's errors, one per line.
func errorPage(snap snapshot) []byte { return execute(errorTmpl, snap) }

func notFoundPage(upath string, snap snapshot) []byte {
	return execute(notFoundTmpl, struct {
		Path  string
		First bool
	}{upath, snap.Generation == 0})
}

func execute(t *template.Template, data any) []byte {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		panic(err) // the template and its data are this package's own
	}
	return b.Bytes()
}
