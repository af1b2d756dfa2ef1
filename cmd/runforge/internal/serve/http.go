package serve

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

//go:embed assets
var assets embed.FS

// static are the page's own files, by URL: nothing else is served from
// the embedded assets.
var static = map[string]string{
	"/static/app.js":    "assets/app.js",
	"/static/style.css": "assets/style.css",
}

// pageTemplate is the page, its body (the part a round replaces), and
// their parts.
var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"hasError": hasError,
	"inc":      func(i int) int { return i + 1 },
}).ParseFS(assets, "assets/page.html"))

// Handler serves the page, its assets, the kits' files and the images the
// session drew, and the stream of rounds. Any other path is not found:
// paths are looked up as they are, never joined onto a folder, so no
// request reaches a file outside those (".." and its encodings, absolute
// paths, backslashes).
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("Referrer-Policy", "no-referrer")
		switch p := r.URL.Path; {
		case p == "/":
			s.servePage(w, "page")
		case p == "/fragment":
			s.servePage(w, "fragment")
		case p == "/events":
			s.serveEvents(w, r)
		case static[p] != "":
			serveAsset(w, r, static[p])
		default:
			s.serveFile(w, r, p)
		}
	})
}

// servePage writes the last round's page, or its fragment (the summary
// and the body, which the page's script patches in).
func (s *Server) servePage(w http.ResponseWriter, name string) {
	page, _ := s.current()
	var buf bytes.Buffer
	var err error
	if name == "fragment" {
		err = pageTemplate.ExecuteTemplate(&buf, "summary", page)
		if err == nil {
			err = pageTemplate.ExecuteTemplate(&buf, "body", page)
		}
	} else {
		err = pageTemplate.ExecuteTemplate(&buf, "page", page)
	}
	if err != nil {
		http.Error(w, "runforge: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Runforge-Gen", strconv.Itoa(page.Gen))
	if _, err := w.Write(buf.Bytes()); err != nil {
		fmt.Fprintf(s.o.Log, "runforge: writing the page: %v\n", err)
	}
}

// serveAsset writes one of the page's own files.
func serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	b, err := fs.ReadFile(assets, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", contentType(name))
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// serveFile writes a file of a kit or an image the session drew, found by
// its exact URL path.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, p string) {
	_, files := s.current()
	f, ok := files[p]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", contentType(p))
	if r.URL.Query().Get("v") != "" {
		w.Header().Set("Cache-Control", "max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	if f.page != nil {
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.page.body))
		return
	}
	file, err := os.Open(f.disk)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil || info.IsDir() {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, "", info.ModTime(), file)
}

// contentType is the type of a served file, by its extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".png":
		return "image/png"
	case ".svg":
		return "image/svg+xml"
	case ".pdf":
		return "application/pdf"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".txt":
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}

// serveEvents streams the number of each new round to a page, starting
// with the present one.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	ch, cancel := s.subscribe()
	defer cancel()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	send := func(gen int) bool {
		if _, err := fmt.Fprintf(w, "data: %d\n\n", gen); err != nil {
			return false
		}
		fl.Flush()
		return true
	}
	if !send(s.Gen()) {
		return
	}
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case gen := <-ch:
			if !send(gen) {
				return
			}
		case <-keep.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}

// IsLoopback reports whether addr (host:port) names this machine only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// OnlyLocalHosts wraps h to refuse requests whose Host header is not this
// machine's (a web page elsewhere that points a name of its own at
// 127.0.0.1 cannot read the session: DNS rebinding).
func OnlyLocalHosts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if !strings.Contains(host, ":") || strings.HasSuffix(host, "]") {
			host += ":80"
		}
		if !IsLoopback(host) {
			http.Error(w, "runforge serve answers requests to localhost only", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Serve serves the session on ln until ctx is done, then closes the
// pages' streams and returns.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := srv.Shutdown(shut)
	if serr := <-done; err == nil && !errors.Is(serr, http.ErrServerClosed) {
		err = serr
	}
	return err
}
