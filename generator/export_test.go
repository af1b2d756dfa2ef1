package generator

// GamesInRoot are the games still drawn by this package, for the external
// tests.
var GamesInRoot = gamesInRoot

// KitOutputPaths are the paths of r's kit outputs, in order.
func (r *Renderer) KitOutputPaths() []string {
	var paths []string
	for _, k := range r.kitOutputs() {
		paths = append(paths, k.path)
	}
	return paths
}
