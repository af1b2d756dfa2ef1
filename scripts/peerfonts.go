//go:build ignore

// Command peerfonts writes the Go fonts runforge prints with (regular,
// bold, italic) as TrueType files into a folder, so that the peer PDF
// libraries of scripts/bench.sh embed the same fonts:
//
//	go run scripts/peerfonts.go DIR
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/peerfonts.go DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	fonts := map[string][]byte{"regular.ttf": goregular.TTF, "bold.ttf": gobold.TTF, "italic.ttf": goitalic.TTF}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "peerfonts:", err)
		os.Exit(1)
	}
	for name, data := range fonts {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "peerfonts:", err)
			os.Exit(1)
		}
	}
}
