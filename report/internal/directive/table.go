package directive

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A Table shows values of results as rows and columns:
//
//	```table [EXPERIMENT]
//	caption: text in the page's language
//	rows: [round_robin, least_connections]
//	columns: [mean_wait | 2, max_queue, work | 0 join "/"]
//	```
//
// A cell shows the value EXPERIMENT.ROW.COLUMN. Without an experiment after
// the kind word, each row names its experiment itself (EXPERIMENT[.PREFIX]).
// Row labels and column headings are terms, translated per language.
type Table struct {
	Off        int
	Experiment string
	ID         string // "" for none; [@tab:ID] refers to the table
	IDOff      int
	Caption    string
	Rows       []Spec // Path only
	Columns    []Spec
}

func (t *Table) Kind() string { return "table" }
func (t *Table) Pos() int     { return t.Off }

// Neutral lists experiment, rows and columns.
func (t *Table) Neutral() string {
	var rs, cs []string
	for _, r := range t.Rows {
		rs = append(rs, r.Path)
	}
	for _, c := range t.Columns {
		cs = append(cs, c.String())
	}
	return t.Experiment + " rows=[" + strings.Join(rs, ", ") + "] columns=[" + strings.Join(cs, ", ") + "]"
}

// RowPath returns the full path prefix of row r: EXPERIMENT.ROW.
func (t *Table) RowPath(r Spec) string {
	if t.Experiment == "" {
		return r.Path
	}
	return t.Experiment + "." + r.Path
}

// ParseTable parses a table block.
func ParseTable(b *Block) Directive {
	t := &Table{Off: b.Off}
	if len(b.Args) > 0 {
		t.Experiment, _ = b.Name("table experiment")
	}
	m := b.Mapping()
	if m == nil {
		return nil
	}
	fs := b.Fields(m, "table", []string{"id", "caption", "rows", "columns"})
	b.Require(fs, "caption", "rows", "columns")
	t.Caption = b.String(fs, "caption")
	if f, ok := fs["id"]; ok {
		t.ID, t.IDOff = b.String(fs, "id"), b.NodeOff(f.Value)
		if !idRE.MatchString(t.ID) {
			b.Errorf(t.IDOff, "table: bad id %q: ids are lower-case letters, digits and -", t.ID)
		}
	}
	rows, cols := b.Strings(fs, "rows"), b.Strings(fs, "columns")
	b.listSize(fs, "rows", len(rows), MaxTableRows)
	b.listSize(fs, "columns", len(cols), MaxTableColumns)
	for _, n := range rows {
		s, probs := ParseSpec(n.Value, b.NodeOff(n), false)
		if strings.Contains(n.Value, "|") {
			b.Errorf(b.NodeOff(n), "a row is a path prefix; formats go on columns")
		}
		*b.problems = append(*b.problems, probs...)
		t.Rows = append(t.Rows, s)
	}
	for _, n := range cols {
		s, probs := ParseSpec(n.Value, b.NodeOff(n), true)
		*b.problems = append(*b.problems, probs...)
		t.Columns = append(t.Columns, s)
	}
	return t
}

// listSize reports a list field of a table that is empty or longer than max.
func (b *Block) listSize(fs map[string]Field, key string, n, max int) {
	f, ok := fs[key]
	if !ok || f.Value.Kind != yaml.SequenceNode {
		return
	}
	switch {
	case n == 0 && len(f.Value.Content) == 0:
		b.Errorf(b.NodeOff(f.Value), "table: %s must list at least one", key)
	case n > max:
		b.Errorf(b.NodeOff(f.Value.Content[max]), "table: at most %d %s", max, key)
	}
}

// TableView is what templates/directives/table.html shows.
type TableView struct {
	Number  Label // "Tablo 2" / "Table 2"
	Caption string
	Columns []string
	Rows    []TableRow
}

// A TableRow is a row's label and its cells, formatted.
type TableRow struct {
	Label string
	Cells []string
}

func resolveTable(d Directive, c Context) (any, bool) {
	t := d.(*Table)
	v := TableView{Caption: t.Caption}
	v.Number, _ = c.Numbered(d)
	for _, col := range t.Columns {
		heading := col.Path // a column no row has is reported at its cells, with a did-you-mean
		if t.columnExists(col, c) {
			heading = c.Term(col.Path, col.Off)
		}
		v.Columns = append(v.Columns, heading)
	}
	for _, row := range t.Rows {
		prefix := t.RowPath(row)
		if !c.Prefix(prefix, row.Off) {
			continue // one error for the row, not one per cell
		}
		r := TableRow{Label: c.Term(row.Path, row.Off)}
		for _, col := range t.Columns {
			r.Cells = append(r.Cells, cell(prefix+"."+col.Path, col, c))
		}
		v.Rows = append(v.Rows, r)
	}
	return v, true
}

// cell formats the value full, or the group under it for a joined column;
// "" when it is missing (reported).
func cell(full string, col Spec, c Context) string {
	if !col.Joined {
		if v, ok := c.Value(full, col.Off); ok {
			return c.Show(full, v, col.Format, col.Off)
		}
		return ""
	}
	vals, ok := c.Group(full, col.Off)
	if !ok {
		return ""
	}
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = c.Show(full+"."+strconv.Itoa(i+1), v, col.Format, col.Off)
	}
	return strings.Join(parts, col.Join)
}

// columnExists reports whether some row of t has a value (or group) col.
func (t *Table) columnExists(col Spec, c Context) bool {
	for _, row := range t.Rows {
		if c.Has(t.RowPath(row) + "." + col.Path) {
			return true
		}
	}
	return false
}
