package cache

import (
	"encoding/binary"
	"errors"
	"math"

	"lbcourse/models/model"
)

// The payload of an entry is a model.Result in this encoding, every integer
// an unsigned varint and every float its IEEE 754 bits, little endian:
//
//	strings:  count, each string's length, then their bytes back to back
//	values:   count, then per value: path, unit (string indexes), bits
//	texts:    count, then per text: path, text (string indexes)
//	series:   count, then per series: name (string index), point count n,
//	          label count (0: no labels, else n+1, then n string indexes),
//	          n X bits, n Y bits
//
// Every distinct string is stored once (units and labels repeat), and a
// decoded Result's strings share one allocation, as do its series' points:
// a result of half a million values decodes in a few allocations. Empty
// slices decode as nil. decodeResult refuses any count that the remaining
// bytes cannot hold, so a damaged payload is an error, never a panic or a
// huge allocation.

var errShort = errors.New("truncated payload")

// encodeResult appends r's encoding to b.
func encodeResult(b []byte, r model.Result) []byte {
	var strs []string
	index := map[string]uint64{}
	id := func(s string) uint64 {
		i, ok := index[s]
		if !ok {
			i = uint64(len(strs))
			index[s] = i
			strs = append(strs, s)
		}
		return i
	}
	// Indexes are assigned in the order the body refers to them, so the body
	// is built first and the string table written before it.
	var body []byte
	body = binary.AppendUvarint(body, uint64(len(r.Values)))
	for _, v := range r.Values {
		body = binary.AppendUvarint(body, id(v.Path))
		body = binary.AppendUvarint(body, id(v.Unit))
		body = binary.LittleEndian.AppendUint64(body, math.Float64bits(v.V))
	}
	body = binary.AppendUvarint(body, uint64(len(r.Texts)))
	for _, t := range r.Texts {
		body = binary.AppendUvarint(body, id(t.Path))
		body = binary.AppendUvarint(body, id(t.S))
	}
	body = binary.AppendUvarint(body, uint64(len(r.Series)))
	for _, s := range r.Series {
		body = binary.AppendUvarint(body, id(s.Name))
		body = binary.AppendUvarint(body, uint64(len(s.X)))
		if s.Labels == nil {
			body = binary.AppendUvarint(body, 0)
		} else {
			body = binary.AppendUvarint(body, uint64(len(s.Labels))+1)
			for _, l := range s.Labels {
				body = binary.AppendUvarint(body, id(l))
			}
		}
		for _, x := range s.X {
			body = binary.LittleEndian.AppendUint64(body, math.Float64bits(x))
		}
		for _, y := range s.Y {
			body = binary.LittleEndian.AppendUint64(body, math.Float64bits(y))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(strs)))
	for _, s := range strs {
		b = binary.AppendUvarint(b, uint64(len(s)))
	}
	for _, s := range strs {
		b = append(b, s...)
	}
	return append(b, body...)
}

// A reader walks a payload; the first failure sticks in err and every later
// read returns zero.
type reader struct {
	b   []byte
	err error
}

func (d *reader) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errShort
		return 0
	}
	d.b = d.b[n:]
	return v
}

// count reads a count of items of at least size bytes each, refusing one
// the rest of the payload cannot hold.
func (d *reader) count(size int) int {
	n := d.uvarint()
	if d.err == nil && n > uint64(len(d.b)/size) {
		d.err = errShort
		return 0
	}
	return int(n)
}

func (d *reader) float() float64 {
	if d.err != nil {
		return 0
	}
	if len(d.b) < 8 {
		d.err = errShort
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
	d.b = d.b[8:]
	return v
}

func (d *reader) floats(dst []float64) {
	if d.err != nil {
		return
	}
	if len(d.b) < 8*len(dst) {
		d.err = errShort
		return
	}
	for i := range dst {
		dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(d.b[8*i:]))
	}
	d.b = d.b[8*len(dst):]
}

// decodeResult decodes a whole payload; trailing bytes are an error.
func decodeResult(b []byte) (model.Result, error) {
	d := &reader{b: b}
	var r model.Result
	nstr := d.count(1)
	lens := make([]int, nstr)
	total := 0
	for i := range lens {
		lens[i] = d.count(1)
		total += lens[i]
		if d.err == nil && total > len(d.b) {
			d.err = errShort
		}
	}
	if d.err != nil {
		return model.Result{}, d.err
	}
	all := string(d.b[:total])
	d.b = d.b[total:]
	strs := make([]string, nstr)
	for i, n := range lens {
		strs[i], all = all[:n], all[n:]
	}
	str := func() string {
		i := d.uvarint()
		if d.err == nil && i >= uint64(len(strs)) {
			d.err = errors.New("string index out of range")
		}
		if d.err != nil {
			return ""
		}
		return strs[i]
	}
	if n := d.count(10); n > 0 {
		r.Values = make([]model.Value, n)
		for i := range r.Values {
			r.Values[i].Path = str()
			r.Values[i].Unit = str()
			r.Values[i].V = d.float()
		}
	}
	if n := d.count(2); n > 0 {
		r.Texts = make([]model.Text, n)
		for i := range r.Texts {
			r.Texts[i].Path = str()
			r.Texts[i].S = str()
		}
	}
	if n := d.count(3); n > 0 {
		r.Series = make([]model.Series, n)
		var pts []float64 // the X and Y of the series still to decode
		for i := range r.Series {
			s := &r.Series[i]
			s.Name = str()
			m := d.count(16)
			if nl := d.uvarint(); nl > 0 && d.err == nil {
				if nl-1 != uint64(m) {
					d.err = errors.New("labels do not match the points")
					break
				}
				s.Labels = make([]string, m)
				for j := range s.Labels {
					s.Labels[j] = str()
				}
			}
			if d.err != nil {
				break
			}
			if m == 0 {
				continue
			}
			if len(pts) < 2*m {
				// Room for this series and, at most, the rest of the payload.
				pts = make([]float64, max(2*m, len(d.b)/8))
			}
			s.X, s.Y, pts = pts[:m:m], pts[m:2*m:2*m], pts[2*m:]
			d.floats(s.X)
			d.floats(s.Y)
		}
	}
	if d.err != nil {
		return model.Result{}, d.err
	}
	if len(d.b) != 0 {
		return model.Result{}, errors.New("trailing bytes")
	}
	return r, nil
}
