package schema

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/runforge/runforge/internal/suggest"
)

// Limits on the pictures a pack prints (template boxes of type image): the
// file's size, and the pixels its header may claim, checked before any
// pixel is decoded so that a tiny file claiming a huge picture costs
// nothing. A JPEG is also refused when it holds more scans than any camera
// or editor writes: each scan walks the whole picture again.
const (
	MaxImageFileSize = 32 << 20
	MaxImagePixels   = 40_000_000
	MaxJPEGScans     = 256
)

// ImageFits are the fit: values of an image box; the first is the default.
var ImageFits = []string{"contain", "cover", "stretch"}

// Image formats a pack may use.
const (
	PNG  = "png"
	JPEG = "jpeg"
)

// FitMode is the box's fit: value, contain when unset.
func (b *Box) FitMode() string {
	if b.Fit == "" {
		return ImageFits[0]
	}
	return b.Fit
}

// Alpha is the box's opacity: value, 1 (opaque) when unset.
func (b *Box) Alpha() float64 {
	if b.Opacity == nil {
		return 1
	}
	return *b.Opacity
}

// ImagePath is the path, as written, of the picture an image box shows on
// a card: its file:, else the card's value of its field: when that is text.
// It is "" when the box shows none (another box type, or the card lacks
// the field).
func (b *Box) ImagePath(card *Card) string {
	if b.Kind() != "image" {
		return ""
	}
	if b.File != "" {
		return b.File
	}
	if b.Field == "" || card == nil {
		return ""
	}
	s, _ := card.Fields[b.Field].(string)
	return s
}

// ImageError is why a picture cannot be used, with a hint on how to fix it.
type ImageError struct {
	Msg  string
	Hint string
	Err  error
}

func (e *ImageError) Error() string { return e.Msg }

// Unwrap returns the underlying error, if any.
func (e *ImageError) Unwrap() error { return e.Err }

func imageErr(hint string, err error, format string, args ...any) *ImageError {
	return &ImageError{Msg: fmt.Sprintf(format, args...), Hint: hint, Err: err}
}

// CleanImagePath checks a picture's path as a pack writes it and returns
// it cleaned: relative to the pack folder, with / between folders, never
// leading out of the folder.
func CleanImagePath(p string) (string, error) {
	const hint = "write the path relative to the pack folder, e.g. art/zombie.png, and keep the picture inside the folder"
	switch {
	case strings.TrimSpace(p) == "":
		return "", imageErr(hint, nil, "the image path is empty")
	case strings.ContainsRune(p, '\\'):
		return "", imageErr("write art/zombie.png, not art\\zombie.png", nil, "image path %q uses \\; separate folders with /", p)
	case path.IsAbs(p) || len(p) >= 2 && p[1] == ':':
		return "", imageErr(hint, nil, "image path %q is absolute; runforge reads only files inside the pack folder", p)
	}
	clean := path.Clean(p)
	switch {
	case clean == ".." || strings.HasPrefix(clean, "../"):
		return "", imageErr(hint, nil, "image path %q leads outside the pack folder; runforge reads only files inside it", p)
	case clean == "." || !fs.ValidPath(clean):
		return "", imageErr(hint, nil, "image path %q names no file inside the pack folder", p)
	}
	return clean, nil
}

// Image is a picture of a pack whose file was read and whose header was
// checked against the limits. LoadImage also checks that its pixels decode.
type Image struct {
	// Path is the cleaned path inside the pack folder.
	Path string
	// Format is PNG or JPEG.
	Format string
	// Width and Height are in pixels.
	Width, Height int
	// Model is the colour model the header declares.
	Model color.Model
	// Data is the file.
	Data []byte
}

// LoadImage reads a picture of the pack folder the way a build uses it:
// ReadImage, then the pixels decoded once, so that a truncated or damaged
// file is refused here rather than in the build.
func LoadImage(fsys fs.FS, name string) (*Image, error) {
	im, err := ReadImage(fsys, name)
	if err != nil {
		return nil, err
	}
	if _, err := im.Decode(); err != nil {
		return nil, err
	}
	return im, nil
}

// ReadImage reads a picture of the pack folder and checks its header: the
// path stays inside the folder (no absolute path, no .., no link out), the
// file is at most MaxImageFileSize bytes, is a PNG or a JPEG, and claims at
// most MaxImagePixels pixels. Nothing is decoded.
func ReadImage(fsys fs.FS, name string) (*Image, error) {
	clean, err := CleanImagePath(name)
	if err != nil {
		return nil, err
	}
	data, err := readImageFile(fsys, clean)
	if err != nil {
		return nil, err
	}
	format, err := sniffImage(clean, data)
	if err != nil {
		return nil, err
	}
	cfg, err := decodeImageConfig(format, data)
	if err != nil {
		return nil, imageErr("the file is damaged: export it again as PNG or JPEG", err,
			"%s is not a %s runforge can read: its header is damaged (%v)", clean, formatName(format), err)
	}
	im := &Image{Path: clean, Format: format, Width: cfg.Width, Height: cfg.Height, Model: cfg.ColorModel, Data: data}
	if err := im.checkSize(); err != nil {
		return nil, err
	}
	return im, nil
}

// Reasons a path of the pack is not a file to read.
var (
	errFolder     = errors.New("is a folder")
	errNotRegular = errors.New("is not a regular file")
)

// readImageFile reads a picture's file, explaining a failure.
func readImageFile(fsys fs.FS, clean string) ([]byte, error) {
	data, err := readRegular(fsys, clean)
	switch {
	case err == nil:
		return data, nil
	case isEscape(err) || errors.Is(err, ErrEscapes):
		return nil, imageErr("copy the picture into the pack folder", err,
			"%s is a link to a file outside the pack folder; runforge reads only files inside it", clean)
	case errors.Is(err, fs.ErrNotExist):
		return nil, imageErr(nearbyFiles(fsys, clean), err, "%s does not exist in the pack folder", clean)
	case errors.Is(err, ErrTooLarge):
		return nil, imageErr("scale the picture down or save it with more compression: 300 dpi at the printed size is plenty", err,
			"%s is larger than %d MiB, the most an image may have", clean, MaxImageFileSize>>20)
	case errors.Is(err, errFolder) || errors.Is(err, errNotRegular):
		return nil, imageErr("name a PNG or JPEG file inside the pack folder", err, "%s %v, not a picture", clean, err)
	}
	return nil, imageErr("", err, "cannot read %s: %v", clean, unwrapPathError(err))
}

// readRegular reads a regular file of at most MaxImageFileSize bytes. Its
// size is checked before it is opened (a FIFO or a device is never
// opened) and again while it is read (a file that grows meanwhile).
func readRegular(fsys fs.FS, clean string) ([]byte, error) {
	info, err := fs.Stat(fsys, clean)
	switch {
	case err != nil:
		return nil, err
	case info.IsDir():
		return nil, errFolder
	case !info.Mode().IsRegular():
		return nil, errNotRegular
	case info.Size() > MaxImageFileSize:
		return nil, ErrTooLarge
	}
	return readAtMost(fsys, clean, MaxImageFileSize)
}

// readAtMost reads a file, failing with ErrTooLarge past limit bytes.
func readAtMost(fsys fs.FS, name string, limit int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, ErrTooLarge
	}
	return data, nil
}

// nearbyFiles is a hint for a missing picture: the file of its folder whose
// name is nearest, or the pictures the folder holds.
func nearbyFiles(fsys fs.FS, clean string) string {
	dir := path.Dir(clean)
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return "paths are relative to the pack folder (where game.yaml is)"
	}
	var names []string
	for i, e := range entries {
		if i >= maxWalk {
			break
		}
		if !e.IsDir() && isImageName(e.Name()) {
			names = append(names, path.Join(dir, e.Name()))
		}
	}
	sort.Strings(names)
	if h := suggest.Hint(clean, names, "%q", ""); h != "" {
		return h
	}
	if len(names) == 0 {
		return "paths are relative to the pack folder (where game.yaml is)"
	}
	if len(names) > 8 {
		names = append(names[:8:8], "...")
	}
	return "pictures there: " + strings.Join(names, ", ")
}

// isImageName reports whether a file name has a PNG or JPEG extension.
func isImageName(n string) bool {
	switch strings.ToLower(path.Ext(n)) {
	case ".png", ".jpg", ".jpeg":
		return true
	}
	return false
}

// Signatures of the formats runforge reads, and of those it names when it
// refuses them.
var imageSignatures = []struct {
	prefix, at string
	offset     int
	format     string
}{
	{prefix: "\x89PNG\r\n\x1a\n", format: PNG},
	{prefix: "\xff\xd8\xff", format: JPEG},
	{prefix: "GIF8", format: "GIF"},
	{prefix: "BM", format: "BMP"},
	{prefix: "II*\x00", format: "TIFF"},
	{prefix: "MM\x00*", format: "TIFF"},
	{prefix: "RIFF", at: "WEBP", offset: 8, format: "WebP"},
	{at: "ftyp", offset: 4, format: "HEIF/AVIF"},
	{prefix: "%PDF", format: "PDF"},
	{prefix: "\x00\x00\x01\x00", format: "ICO"},
	{prefix: "8BPS", format: "Photoshop"},
}

// sniffImage tells the format of a picture by its first bytes: PNG or
// JPEG, or an error that names what the file is instead.
func sniffImage(clean string, data []byte) (string, error) {
	const hint = "export the picture as PNG or JPEG"
	if len(data) == 0 {
		return "", imageErr(hint, nil, "%s is empty, not a PNG or JPEG image", clean)
	}
	for _, s := range imageSignatures {
		if !bytes.HasPrefix(data, []byte(s.prefix)) {
			continue
		}
		if s.at != "" && (len(data) < s.offset+len(s.at) || string(data[s.offset:s.offset+len(s.at)]) != s.at) {
			continue
		}
		if s.format == PNG || s.format == JPEG {
			return s.format, nil
		}
		return "", imageErr(hint, nil, "%s is a %s image; runforge prints PNG and JPEG images only", clean, s.format)
	}
	head := data[:min(len(data), 512)]
	if t := bytes.TrimSpace(head); bytes.HasPrefix(t, []byte("<svg")) || bytes.HasPrefix(t, []byte("<?xml")) {
		return "", imageErr(hint, nil, "%s is an SVG or XML file; runforge prints PNG and JPEG images only", clean)
	}
	if looksLikeText(head) {
		return "", imageErr(hint, nil, "%s holds text, not a PNG or JPEG image", clean)
	}
	return "", imageErr(hint, nil, "%s is not a PNG or JPEG image (its first bytes match neither)", clean)
}

// looksLikeText reports whether bytes are UTF-8 text without control
// characters other than white space.
func looksLikeText(b []byte) bool {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n <= 1 {
			return len(b) < utf8.UTFMax // a character cut at the end
		}
		if r < 0x20 && r != '\n' && r != '\r' && r != '\t' {
			return false
		}
		b = b[n:]
	}
	return true
}

func formatName(format string) string {
	if format == PNG {
		return "PNG"
	}
	return "JPEG"
}

// decodeImageConfig reads the header of a PNG or JPEG.
func decodeImageConfig(format string, data []byte) (image.Config, error) {
	if format == PNG {
		return png.DecodeConfig(bytes.NewReader(data))
	}
	return jpeg.DecodeConfig(bytes.NewReader(data))
}

// checkSize refuses a picture whose header claims no pixels or too many,
// and a JPEG of too many scans.
func (im *Image) checkSize() error {
	w, h := int64(im.Width), int64(im.Height)
	if w <= 0 || h <= 0 {
		return imageErr("export the picture again", nil, "%s claims %dx%d pixels, a picture with none", im.Path, w, h)
	}
	if w*h > MaxImagePixels {
		return imageErr("scale it down: 300 dpi at the printed size is plenty (a 63x88mm card is 744x1039 pixels)", nil,
			"%s is %dx%d pixels (%.1f megapixels); an image may have at most %d megapixels",
			im.Path, w, h, float64(w*h)/1e6, MaxImagePixels/1_000_000)
	}
	if im.Format == JPEG {
		if n := bytes.Count(im.Data, []byte{0xff, 0xda}); n > MaxJPEGScans {
			return imageErr("save it again as a baseline JPEG, or as PNG", nil,
				"%s holds %d JPEG scans; an image may have at most %d", im.Path, n, MaxJPEGScans)
		}
	}
	return nil
}

// Decode decodes the picture's pixels.
func (im *Image) Decode() (image.Image, error) {
	var (
		m   image.Image
		err error
	)
	if im.Format == PNG {
		m, err = png.Decode(bytes.NewReader(im.Data))
	} else {
		m, err = jpeg.Decode(bytes.NewReader(im.Data))
	}
	if err != nil {
		what := "damaged"
		if im.cutShort() || errors.Is(err, io.ErrUnexpectedEOF) {
			what = "cut short"
		}
		return nil, imageErr("the file is "+what+": export or copy it again", err,
			"%s is %s: its pixels cannot be decoded (%v)", im.Path, what, err)
	}
	return m, nil
}

// cutShort reports whether the file lacks the marker its format ends with
// (a PNG's IEND chunk, a JPEG's EOI): a copy or download that stopped.
func (im *Image) cutShort() bool {
	end := []byte("\x00\x00\x00\x00IEND\xae\x42\x60\x82")
	if im.Format == JPEG {
		end = []byte{0xff, 0xd9}
	}
	return !bytes.Contains(im.Data[max(0, len(im.Data)-4096):], end)
}

// PassThrough reports whether a build may embed the file in a PDF as it is:
// a JPEG in grey or YCbCr colour (what PDF's DCT filter reads); anything
// else is decoded and embedded as a plain 8-bit PNG.
func (im *Image) PassThrough() bool {
	return im.Format == JPEG && (im.Model == color.GrayModel || im.Model == color.YCbCrModel)
}
