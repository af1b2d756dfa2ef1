package generator

// KitOutputPaths are the paths of r's kit outputs, in order.
func (r *Renderer) KitOutputPaths() []string {
	var paths []string
	for _, k := range r.kitOutputs() {
		paths = append(paths, k.path)
	}
	return paths
}
