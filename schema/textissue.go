package schema

// TextIssue is text of an element that does not print as written (it does
// not fit, or its font cannot draw it), at the field that holds it.
type TextIssue struct {
	Ref    Ref
	What   string // e.g. `sheet "aid" paragraph`
	Detail string // e.g. "does not fit on 1 page: 3 blocks left over"
}
