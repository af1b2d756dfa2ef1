package draw

import (
	"encoding/binary"
	"io"

	"github.com/klauspost/compress/flate"
)

// zlibWriter writes a zlib stream (RFC 1950) at flate.BestSpeed, the
// bytes klauspost/compress/zlib writes at that level, with a faster
// Adler-32 (adlerSums) than hash/adler32's, which took a sixth of the time
// of a press build's PNGs. It is reused with Reset.
type zlibWriter struct {
	w         io.Writer
	fw        *flate.Writer
	s1, s2    uint32
	wroteHead bool
	err       error
}

// newZlibWriter returns a zlib writer to w.
func newZlibWriter(w io.Writer) (*zlibWriter, error) {
	fw, err := flate.NewWriter(w, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	return &zlibWriter{w: w, fw: fw, s1: 1}, nil
}

// Reset starts a new stream to w.
func (z *zlibWriter) Reset(w io.Writer) {
	z.w, z.s1, z.s2, z.wroteHead, z.err = w, 1, 0, false, nil
	z.fw.Reset(w)
}

func (z *zlibWriter) head() error {
	if !z.wroteHead {
		z.wroteHead = true
		// CMF 0x78 (deflate, 32 KiB window), FLG 0x01: level "fastest",
		// no dictionary, and the check bits making 0x7801 a multiple of 31.
		_, z.err = z.w.Write(zlibHeader)
	}
	return z.err
}

func (z *zlibWriter) Write(p []byte) (int, error) {
	return z.write(p, false)
}

// write writes p; zeros says that every byte of p but the first is 0,
// whose sums need no reading: s1 stays, s2 gains s1 once a byte.
func (z *zlibWriter) write(p []byte, zeros bool) (int, error) {
	if err := z.head(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	n, err := z.fw.Write(p)
	if err != nil {
		z.err = err
		return n, err
	}
	if zeros {
		z.s1, z.s2 = adlerSums(z.s1, z.s2, p[:1])
		z.s2 = uint32((uint64(z.s2) + uint64(len(p)-1)*uint64(z.s1)) % adlerMod)
		return n, nil
	}
	z.s1, z.s2 = adlerSums(z.s1, z.s2, p)
	return n, nil
}

// writeSummed writes p, whose bytes the caller has added to the sums:
// s1 and s2 are the sums after p.
func (z *zlibWriter) writeSummed(p []byte, s1, s2 uint32) error {
	if err := z.head(); err != nil {
		return err
	}
	if _, err := z.fw.Write(p); err != nil {
		z.err = err
		return err
	}
	z.s1, z.s2 = s1, s2
	return nil
}

// Close ends the deflate stream and writes the Adler-32 checksum.
func (z *zlibWriter) Close() error {
	if err := z.head(); err != nil {
		return err
	}
	if z.err = z.fw.Close(); z.err != nil {
		return z.err
	}
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], z.s2<<16|z.s1)
	_, z.err = z.w.Write(sum[:])
	return z.err
}

const (
	adlerMod = 65521
	// adlerMax is the most bytes summed before the sums must be reduced
	// so that s2 stays within 32 bits (as in hash/adler32).
	adlerMax = 5552
)

// adlerSums adds p to the Adler-32 sums s1 and s2 (each below adlerMod).
// Eight bytes at a time, s2 gains 8 x s1 plus the bytes weighted 8 down to
// 1, and s1 their sum: the same sums as one byte at a time, without a
// chain of dependent additions through every byte.
func adlerSums(s1, s2 uint32, p []byte) (uint32, uint32) {
	for len(p) > 0 {
		q := p[:min(len(p), adlerMax)]
		p = p[len(q):]
		for len(q) >= 8 {
			b := q[:8:8]
			a0, a1, a2, a3 := uint32(b[0]), uint32(b[1]), uint32(b[2]), uint32(b[3])
			a4, a5, a6, a7 := uint32(b[4]), uint32(b[5]), uint32(b[6]), uint32(b[7])
			s2 += 8*s1 + 8*a0 + 7*a1 + 6*a2 + 5*a3 + 4*a4 + 3*a5 + 2*a6 + a7
			s1 += a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7
			q = q[8:]
		}
		for _, x := range q {
			s1 += uint32(x)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return s1, s2
}
