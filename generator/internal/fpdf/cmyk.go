// Copyright ©2026 The runforge authors. MIT licence, as the rest of this
// package (see README.md: this file is runforge's addition to fpdf).

package fpdf

import "fmt"

// RegisterImageCMYK registers, under imgName, an 8-bit DeviceCMYK picture
// of w x h pixels without transparency: pix holds C, M, Y and K (0 no ink,
// 255 full) for each pixel, row by row. Use ImageOptions with the same name
// to place it. fpdf reads CMYK pictures only from JPEG files, which Go
// cannot write.
//
// putimage gives every DeviceCMYK picture the /Decode [1 0 1 0 1 0 1 0]
// of Adobe's inverted CMYK JPEGs, so the samples are stored inverted to
// match: a reader gets pix back.
func (f *Fpdf) RegisterImageCMYK(imgName string, w, h int, pix []byte) (info *ImageInfoType) {
	if f.err != nil {
		return
	}
	if info, ok := f.images[imgName]; ok {
		return info
	}
	if w <= 0 || h <= 0 || len(pix) != 4*w*h {
		f.err = fmt.Errorf("CMYK image %s: %d bytes for %d x %d pixels", imgName, len(pix), w, h)
		return
	}
	inv := make([]byte, len(pix))
	for i, v := range pix {
		inv[i] = 255 - v
	}
	mem := xmem.compress(inv)
	info = f.newImageInfo()
	info.w, info.h = float64(w), float64(h)
	info.cs = "DeviceCMYK"
	info.bpc = 8
	info.f = "FlateDecode"
	info.data = mem.copy()
	mem.release()
	if info.i, f.err = generateImageID(info); f.err != nil {
		return nil
	}
	f.images[imgName] = info
	return info
}

// SetColorsUnwritten makes fpdf write no colour operator of its own, for a
// document that writes its colours itself (DeviceCMYK k and K operators
// through RawWriteStr) and never calls SetDrawColor, SetFillColor or
// SetTextColor: fpdf's draw, fill and text colours become the "0 G" and
// "0 g" of a page's initial black, which AddPage (and a template's first
// page) does not write, and text is not wrapped in a colour of its own.
// Without it every page starts with "0.000 G" and "0.000 g", DeviceGray.
func (f *Fpdf) SetColorsUnwritten() {
	f.color.draw.str = "0 G"
	f.color.fill.str = "0 g"
	f.color.text.str = "0 g"
	f.colorFlag = false
}
