// Command runforge turns YAML game content for the "Run" family of tabletop
// games into validated, print-ready PDF kits.
package main

import "os"

func main() {
	os.Exit(mainProcess(os.Args[1:], os.Stdout, os.Stderr))
}
