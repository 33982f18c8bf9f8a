// Package registry maps model names to the model packages under models/,
// each registered from the model.Def it exports (Of, FromDef), decodes
// parameters, given as plain data (Arg, Value), strictly into each model's
// typed Params (Decode), and answers which value paths and series names a
// model declares (MatchValue, MatchSeries). It reads no YAML: its callers
// parse what a lesson or a command line writes.
package registry

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"lbcourse/models/model"
)

// A Model is one registered model: its name, its source, the outputs it
// declares and a type-erased view of its Params and Run.
type Model struct {
	Name string
	// Doc is one sentence saying what the model simulates ("" for a model
	// built by New).
	Doc string
	// Dir is the package directory relative to the module root.
	Dir string
	// Source holds the package's Go files, as compiled into the generator.
	Source fs.FS

	params    reflect.Type
	newParams func() any // pointer to a Params holding the defaults
	validate  func(any) error
	run       func(context.Context, any) (model.Result, error)
	fields    []paramField
	outputs   []model.Output
	// codeHash covers the model's package and every package of the
	// module's models it imports, directly or not (see NewRegistry), the
	// Go release and the dependency versions the generator was built with.
	codeHash string
	deps     []string // dirs of the imported model packages, sorted
}

// A Library is a package under models/ that models import but that is not
// a model itself, such as models/model.
type Library struct {
	Dir    string
	Source fs.FS
}

type paramField struct {
	Name  string // yaml key
	Index int
	Type  reflect.Type
	Unit  string // unit tag
}

// A Definition is a model package's description of itself with its Params
// type erased: every model.Def[P] is one, such as queue.Model.
type Definition interface {
	Erase() model.Erased
}

// FromDef returns the model d describes: its name, doc line, directory,
// source, defaults, Validate, Run and declared outputs.
func FromDef(d Definition) *Model {
	e := d.Erase()
	m := newModel(e.Name, e.Dir, e.Source, e.Params, e.Defaults, e.Validate, e.Run)
	m.Doc = e.Doc
	m.outputs = slices.Clone(e.Outputs)
	return m
}

// Of returns a registry of the models defs describe, as NewRegistry does
// for the models FromDef returns; two models may not share a directory.
func Of(libs []Library, defs ...Definition) (*Registry, error) {
	ms := make([]*Model, len(defs))
	dirs := map[string]string{}
	for i, d := range defs {
		ms[i] = FromDef(d)
		if other, dup := dirs[ms[i].Dir]; dup {
			return nil, fmt.Errorf("registry: models %s and %s are both in %s (a Def's Params must be declared in its own package)", other, ms[i].Name, ms[i].Dir)
		}
		dirs[ms[i].Dir] = ms[i].Name
	}
	return NewRegistry(libs, ms...)
}

// New registers a model package: its defaults, validation and Run. P must
// be a struct whose exported fields carry yaml tags. The model declares no
// outputs (see WithOutputs); a model package registers through its
// model.Def instead (FromDef, Of).
func New[P any](name, dir string, source fs.FS, defaults func() P, validate func(P) error,
	run func(context.Context, P) (model.Result, error)) *Model {
	return newModel(name, dir, source, reflect.TypeFor[P](),
		func() any { p := defaults(); return &p },
		func(p any) error { return validate(*p.(*P)) },
		func(ctx context.Context, p any) (model.Result, error) { return run(ctx, *p.(*P)) })
}

func newModel(name, dir string, source fs.FS, t reflect.Type, newParams func() any, validate func(any) error,
	run func(context.Context, any) (model.Result, error)) *Model {
	m := &Model{
		Name:      name,
		Dir:       dir,
		Source:    source,
		params:    t,
		newParams: newParams,
		validate:  validate,
		run:       run,
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if tag == "" || tag == "-" || !f.IsExported() {
			continue
		}
		m.fields = append(m.fields, paramField{Name: tag, Index: i, Type: f.Type, Unit: f.Tag.Get("unit")})
	}
	return m
}

// WithOutputs sets the outputs m declares and returns m, for a model built
// by New; NewRegistry checks them.
func (m *Model) WithOutputs(outs ...model.Output) *Model {
	m.outputs = slices.Clone(outs)
	return m
}

// ParamNames returns the parameter names in declaration order.
func (m *Model) ParamNames() []string {
	var out []string
	for _, f := range m.fields {
		out = append(out, f.Name)
	}
	return out
}

// Params is a decoded, validated parameter set of one model.
type Params struct {
	m *Model
	v any // pointer to the model's Params
}

// Canonical returns the parameters as JSON in field order, defaults
// included: equal Params give equal strings.
func (p Params) Canonical() string {
	rv := reflect.ValueOf(p.v).Elem()
	var b strings.Builder
	b.WriteByte('{')
	for i, f := range p.m.fields {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.Name)
		v, err := json.Marshal(rv.Field(f.Index).Interface())
		if err != nil {
			v = []byte(strconv.Quote(fmt.Sprint(rv.Field(f.Index).Interface())))
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.String()
}

// Run runs the model on p. It recovers a panic into an error.
func (m *Model) Run(ctx context.Context, p Params) (res model.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("model %s panicked: %v", m.Name, r)
		}
	}()
	return m.run(ctx, p.v)
}

// CacheKey identifies the result of running m on p: the code of the model
// and of every model package it imports, the dependency versions and Go
// release the generator was built with, and the canonical parameters.
func (m *Model) CacheKey(p Params) string {
	h := sha256.New()
	fmt.Fprintf(h, "model %s\ncode %s\n", m.Name, m.codeHash)
	fmt.Fprintf(h, "params %s\n", p.Canonical())
	return hex.EncodeToString(h.Sum(nil))
}

func hashFS(fsys fs.FS) string {
	h := sha256.New()
	var names []string
	_ = fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, path)
		}
		return nil
	})
	slices.Sort(names)
	for _, n := range names {
		b, _ := fs.ReadFile(fsys, n)
		fmt.Fprintf(h, "%s %d\n", n, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// A Registry is the set of models a build may name.
type Registry struct {
	models []*Model
}

// NewRegistry returns a registry of ms; names must be unique and each
// model's declared outputs well formed (model.CheckOutputs). libs are the
// packages under models/ that models import without being models. Each
// model's cache key covers the source of every such package it imports,
// directly or through another; an import of a models/ package that is
// neither registered nor in libs is an error, since a change to it could
// otherwise serve a stale result.
func NewRegistry(libs []Library, ms ...*Model) (*Registry, error) {
	r := &Registry{}
	src := map[string]fs.FS{}
	for _, l := range libs {
		src[l.Dir] = l.Source
	}
	for _, m := range ms {
		if _, dup := r.Lookup(m.Name); dup {
			return nil, fmt.Errorf("registry: model %s registered twice", m.Name)
		}
		if err := model.CheckOutputs(m.outputs); err != nil {
			return nil, fmt.Errorf("registry: model %s: %v", m.Name, err)
		}
		r.models = append(r.models, m)
		src[m.Dir] = m.Source
	}
	direct, err := importGraph(src)
	if err != nil {
		return nil, err
	}
	for _, m := range r.models {
		m.hashCode(src, direct)
	}
	return r, nil
}

// importGraph returns, for each package directory of src, the directories
// of the models/ packages its non-test files import, each of which must be
// in src.
func importGraph(src map[string]fs.FS) (map[string][]string, error) {
	dirs := make([]string, 0, len(src))
	for d := range src {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	direct := map[string][]string{}
	for _, d := range dirs {
		imps, err := imports(src[d])
		if err != nil {
			return nil, fmt.Errorf("registry: %s: %v", d, err)
		}
		for _, p := range imps {
			i := strings.Index(p, "/models/")
			if i < 0 {
				continue
			}
			dep := p[i+1:]
			if _, ok := src[dep]; !ok {
				return nil, fmt.Errorf("registry: %s imports %s, which is neither a registered model nor a library", d, p)
			}
			direct[d] = append(direct[d], dep)
		}
	}
	return direct, nil
}

// hashCode sets m.deps, the packages m imports directly or not (direct is
// importGraph's), and m.codeHash over the Go release, the dependency
// versions, m's source and the source in src of each of m.deps.
func (m *Model) hashCode(src map[string]fs.FS, direct map[string][]string) {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(d string) {
		for _, dep := range direct[d] {
			if !seen[dep] {
				seen[dep] = true
				walk(dep)
			}
		}
	}
	walk(m.Dir)
	delete(seen, m.Dir)
	h := sha256.New()
	fmt.Fprintf(h, "go %s\n", runtime.Version())
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			fmt.Fprintf(h, "dep %s %s %s\n", d.Path, d.Version, d.Sum)
		}
	}
	fmt.Fprintf(h, "%s %s\n", m.Dir, hashFS(m.Source))
	m.deps = m.deps[:0]
	for d := range seen {
		m.deps = append(m.deps, d)
	}
	slices.Sort(m.deps)
	for _, d := range m.deps {
		fmt.Fprintf(h, "%s %s\n", d, hashFS(src[d]))
	}
	m.codeHash = hex.EncodeToString(h.Sum(nil))
}

// Deps returns the directories of the model packages m imports, directly
// or not, whose source its cache key covers.
func (m *Model) Deps() []string { return slices.Clone(m.deps) }

// imports lists the import paths of the non-test Go files of fsys.
func imports(fsys fs.FS) ([]string, error) {
	files, err := fs.Glob(fsys, "*.go")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, b, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			out = append(out, p)
		}
	}
	return out, nil
}

// Lookup returns the model called name.
func (r *Registry) Lookup(name string) (*Model, bool) {
	for _, m := range r.models {
		if m.Name == name {
			return m, true
		}
	}
	return nil, false
}

// Names returns the model names in registration order.
func (r *Registry) Names() []string {
	var out []string
	for _, m := range r.models {
		out = append(out, m.Name)
	}
	return out
}
