package main

import (
	"context"
	"fmt"
	"net"
	"net/http"

	"github.com/runforge/runforge/cmd/runforge/internal/follow"
	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/cmd/runforge/internal/serve"
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator/kitbuild"
	"github.com/runforge/runforge/validate/check"
	"github.com/spf13/cobra"
)

// defaultAddr is where serve listens unless told otherwise: this machine
// only.
const defaultAddr = "127.0.0.1:8037"

// serveOptions are the flags of `runforge serve`.
type serveOptions struct {
	kitbuild.Options
	addr  string
	paths []string
	// ready, when set, is called with the page's address once the first
	// round is shown (tests).
	ready func(url string)
}

func newServeCmd(s streams, c *catalog) *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve [PACK...]",
		Short: "Show packs as they print in a local web page that follows their files",
		Long: `Build packs and show them in a web page: every deck as a grid of its
distinct faces (a badge gives the copies) with its back, the pages of every
sheet, board, map, tile set, dice set, figure and token sheet, and every
finding on the card or element it concerns (outlined, with its message and
file:line:col), under a bar that counts errors and warnings. A filter box
finds cards by id, name or text; "Explain" on an element shows what
validate --explain says of it (RUN's winning sequences, the Just Run
simulation's figures, the dice odds).

The page follows the packs' files: save a YAML, image or font file and the
pack is validated and built again (as runforge build does, into --out), and
the page shows the changed images and findings in place, without a reload.
A pack that stops loading or building (a file that does not parse, an
error) keeps its last good images, and the page says why at the top.

The page works offline and runs no code from a pack: every text is shown as
text. It listens on ` + defaultAddr + ` (this machine only) unless --addr
says otherwise; another address shows the pages to the network, and serve
warns. Ctrl-C stops it.

A PACK is named as for build; without one, data/ when it exists here, else
every bundled pack (bundled packs are built into runforge and do not
change, so only packs on disk are followed).`,
		Example: `  runforge serve my-pack
  runforge serve ` + examplePack() + ` --addr 127.0.0.1:9000`,
		ValidArgsFunction: completePacks,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.paths = args
			o.Given = func(name string) bool { return cmd.Flags().Changed(name) }
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			return runServe(ctx, s, c, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", defaultAddr, "address to listen on, host:port (a host other than 127.0.0.1, ::1 or localhost shows the page to the network)")
	f.StringVarP(&o.Out, "out", "o", "out", "output folder the kits are built into and served from")
	f.BoolVar(&o.NoCache, "no-cache", false, "draw every card preview anew on each build, without reading or writing the build cache in OUT/.cache")
	return cmd
}

// runServe serves the packs until ctx is done.
func runServe(ctx context.Context, s streams, c *catalog, o *serveOptions) error {
	created, err := buildTime()
	if err != nil {
		return err
	}
	o.Created = created
	o.Registry = c.rules
	o.Version = versionString()
	if err := o.Check(); err != nil {
		return usageError("%v", err)
	}
	opts := check.Options{Bundled: data.Pack, BundledNames: data.Packs(), Games: c.schemas, Registry: c.rules}
	if _, err := check.Resolve(o.paths, opts); err != nil {
		return usageError("%v", err)
	}
	srv, err := serve.New(serve.Options{
		Paths: o.paths, Check: opts, Renders: games.Renders(c.games), Explain: games.Rules(c.games),
		Build: o.Options, Log: s.err,
	})
	if err != nil {
		return usageError("%v", err)
	}
	local := serve.IsLoopback(o.addr)
	if !local {
		fmt.Fprintf(s.err, "runforge: warning: --addr %s is not this machine only: anyone who can reach it sees the packs and their kits\n", o.addr)
	}
	roots := followRoots(o.paths)
	fl, err := follow.New(roots, 0)
	if err != nil {
		return usageError("%v", err)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return usageError("listening on %s: %v", o.addr, err)
	}
	fmt.Fprintf(s.err, "runforge: building into %s, then serving at http://%s/\n", o.Out, ln.Addr())
	srv.Rebuild(ctx)
	var h http.Handler = srv.Handler()
	if local {
		h = serve.OnlyLocalHosts(h)
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(s.out, "runforge: serving at %s (Ctrl-C stops)\n", url)
	if len(roots) == 0 {
		fmt.Fprintln(s.out, "runforge: no pack folder on disk to follow: the page shows the bundled packs as built")
	}
	if o.ready != nil {
		o.ready(url)
	}
	followErr := make(chan error, 1)
	go func() {
		followErr <- fl.Run(ctx, func([]string) { srv.Rebuild(ctx) })
	}()
	if err := serve.Serve(ctx, ln, h); err != nil {
		return usageError("serving: %v", err)
	}
	if err := <-followErr; err != nil {
		return usageError("%v", err)
	}
	return nil
}
