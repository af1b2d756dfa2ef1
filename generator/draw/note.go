package draw

// Noter is a canvas that is told what the drawing calls that follow draw,
// such as one box of a card's template: a test's observer (see
// PDF.Observe) names what it finds with the note. Notes never reach the
// page.
type Noter interface {
	Note(what string)
}

// Note tells c what the calls that follow draw, when c, or the canvas it
// draws through (a grey, scaled or taped canvas, a PDF page observed), is a
// Noter; what is called only then, so that a build that takes no notes
// spends nothing on them.
func Note(c Canvas, what func() string) {
	if n := noterOf(c); n != nil {
		n.Note(what())
	}
}

// noterOf is the Noter c draws through, or nil.
func noterOf(c Canvas) Noter {
	switch c := c.(type) {
	case *Tape:
		return c
	case grayCanvas:
		return noterOf(c.Canvas)
	case scaledCanvas:
		return noterOf(c.c)
	case *PDFCanvas:
		if c.obs != nil {
			return noterOf(c.obs)
		}
	case Noter:
		return c
	}
	return nil
}

// Note implements Noter: the note is played with the drawing, on a canvas
// that takes notes.
func (t *Tape) Note(what string) {
	t.keep(func(c Canvas) {
		if n := noterOf(c); n != nil {
			n.Note(what)
		}
	})
}
