package serve

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// guard answers, before next sees them, every request whose Host header is not
// a loopback host (403) and every method other than GET and HEAD (405, with
// "Allow: GET, HEAD"), whatever the path. Both answers are one line of plain
// text (see hostRefused and methodRefused).
func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHostHeader(r.Host) {
			refuse(w, http.StatusForbidden, hostRefused(r.Host))
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			refuse(w, http.StatusMethodNotAllowed, methodRefused(r.Method))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostRefused is the body of the 403 answer, for the Host header host.
func hostRefused(host string) string {
	return fmt.Sprintf("serve: refusing host %q: the preview answers only to localhost, 127.0.0.1 and [::1]\n", host)
}

// methodRefused is the body of the 405 answer, for the method m.
func methodRefused(m string) string {
	return fmt.Sprintf("serve: method %q not allowed: the preview answers only GET and HEAD\n", m)
}

func refuse(w http.ResponseWriter, code int, body string) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	fmt.Fprint(w, body)
}

// loopbackHostHeader reports whether a Host header names a loopback host:
// "localhost" (any case), an IPv4 address in 127.0.0.0/8 or the IPv6 loopback
// in brackets, each with or without a port. Subdomains of localhost are refused:
// not every resolver keeps them on this machine. An empty header is refused.
func loopbackHostHeader(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	} else if strings.HasPrefix(hostport, "[") && strings.HasSuffix(hostport, "]") {
		host = hostport[1 : len(hostport)-1]
	} else if strings.Contains(hostport, ":") {
		return false // an IPv6 address must be in brackets
	}
	return isLoopbackHost(host)
}
