package review

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// MarkdownRows is how many changes Markdown lists, the largest first.
const MarkdownRows = 15

// Markdown writes a GitHub-flavoured summary of r short enough for a
// pull-request comment: the totals, the claims that fail or changed, and
// the largest relative changes, each in its sentence in every language;
// link, when not "", is where the full review page is published.
func Markdown(w io.Writer, r *Review, link string) {
	fmt.Fprintf(w, "### Numbers review: %s against %s%s\n\n", mdEscape(r.New), mdEscape(r.Old), r.tolerance())
	fmt.Fprintf(w, "%s.", r.totals())
	if link != "" {
		fmt.Fprintf(w, " [The review page: every change in its sentence, both languages, figures overlaid](%s)", link)
	}
	fmt.Fprintln(w)
	if r.Checked {
		if len(r.Gate) == 0 {
			fmt.Fprintf(w, "\n**Check passed:** `out/` is what the sources build and every claim holds.\n")
		} else {
			fmt.Fprintf(w, "\n**Check failed:** %s.\n", mdEscape(strings.Join(r.Gate, "; ")))
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "\n> %s\n", mdEscape(n))
	}
	var claims []string
	for _, l := range r.Lessons {
		for _, c := range l.Claims {
			line := fmt.Sprintf("- **%s** · `%s` %s", l.Key, c.Src, c.state())
			if c.Msg != "" {
				line += ": " + mdEscape(c.Msg)
			}
			claims = append(claims, line)
		}
	}
	if len(claims) > 0 {
		fmt.Fprintf(w, "\n#### Claims\n\n%s\n", strings.Join(claims, "\n"))
	}
	var other []string
	for _, l := range r.Lessons {
		for _, c := range l.Changes {
			if c.IsMove() {
				continue
			}
			line := "- **" + l.Key + "** · " + mdEscape(c.headline())
			if v := c.Views[first(l.Langs)]; c.Kind == Value && len(v.New) > 0 {
				line += ": " + excerpt(v.New, 90)
			} else if c.Kind == Value && len(v.Old) > 0 {
				line += ": " + excerpt(v.Old, 90)
			}
			other = append(other, line)
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(w, "\n#### Added or removed\n\n")
		for i, line := range other {
			if i == MarkdownRows {
				fmt.Fprintf(w, "- … and %d more\n", len(other)-MarkdownRows)
				break
			}
			fmt.Fprintln(w, line)
		}
	}
	largest := r.Largest()
	if len(largest) == 0 {
		return
	}
	fmt.Fprintf(w, "\n#### Largest changes\n\n| lesson | where | old → new | change |\n|---|---|---|---|\n")
	for i, lc := range largest {
		if i == MarkdownRows {
			fmt.Fprintf(w, "\n… and %d more.\n", len(largest)-MarkdownRows)
			break
		}
		c := lc.Change
		var where []string
		for _, lang := range lc.Lesson.Langs {
			v := c.Views[lang]
			text := mdEscape(v.Where)
			if c.Kind == Value {
				text = excerpt(v.New, 90)
				if v.Where != "" {
					text = mdEscape(v.Where) + ": " + text
				}
			}
			where = append(where, lang+": "+text)
		}
		change, values := "", mdEscape(c.Old)+" → "+mdEscape(c.New)
		if c.HasRel {
			change = percent(c.Rel)
		}
		if c.Kind == Series {
			values = mdEscape(c.seriesMoves())
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", lc.Lesson.Key, strings.Join(where, "<br>"), values, change)
	}
}

// excerpt is the sentence's text with its number in bold, cut to about
// max runes around it.
func excerpt(s Sentence, max int) string {
	var before, num, after string
	for _, p := range s {
		switch {
		case p.Number:
			num = p.Text
		case num == "":
			before += p.Text
		default:
			after += p.Text
		}
	}
	half := (max - utf8.RuneCountInString(num)) / 2
	if r := []rune(before); len(r) > half {
		before = "…" + strings.TrimLeft(string(r[len(r)-half:]), " ")
	}
	if r := []rune(after); len(r) > half {
		after = strings.TrimRight(string(r[:half]), " ") + "…"
	}
	return mdEscape(before) + "**" + mdEscape(num) + "**" + mdEscape(after)
}

// mdEscape keeps text from breaking a table row or turning into markup.
func mdEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
		"@", "@\u200b", "#", `\#`, "<", "&lt;", ">", "&gt;", "&", "&amp;", "\n", " ").Replace(s)
}
