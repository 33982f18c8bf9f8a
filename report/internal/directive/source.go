package directive

// A Source shows a function of a model's own Go source, highlighted:
//
//	```source MODEL FUNCTION
//	caption: text in the page's language
//	```
//
// FUNCTION is a function name, or TYPE.METHOD for a method.
type Source struct {
	Off      int
	Model    string
	ModelOff int
	Func     string
	FuncOff  int
	Caption  string
}

func (s *Source) Kind() string    { return "source" }
func (s *Source) Pos() int        { return s.Off }
func (s *Source) Neutral() string { return s.Model + " " + s.Func }

// ParseSource parses a source block.
func ParseSource(b *Block) Directive {
	s := &Source{Off: b.Off}
	if len(b.Args) != 2 {
		b.Errorf(b.Off, "source needs a model and a function: ```source MODEL FUNCTION")
		return nil
	}
	s.Model, s.ModelOff, s.Func, s.FuncOff = b.Args[0], b.ArgOffs[0], b.Args[1], b.ArgOffs[1]
	m := b.Mapping()
	if m == nil {
		return nil
	}
	fs := b.Fields(m, "source", []string{"caption"})
	s.Caption = b.String(fs, "caption")
	return s
}

// SourceView is what templates/directives/source.html shows.
type SourceView struct {
	Caption string
	Listing
}

func resolveSource(d Directive, c Context) (any, bool) {
	s := d.(*Source)
	l, ok := c.Listing(s.Model, s.Func, s.ModelOff, s.FuncOff)
	if !ok {
		return nil, false
	}
	return SourceView{Caption: s.Caption, Listing: l}, true
}
