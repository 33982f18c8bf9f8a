package mathml

import (
	"fmt"
	"slices"

	"lbcourse/report/internal/diag"
)

// A sym is the token a character or a command without arguments stands
// for.
type sym struct {
	tag, text string
	attrs     []string
	fn        bool
	limits    bool
	open      bool
}

func (s sym) node() *node {
	return &node{tag: s.tag, text: s.text, attrs: s.attrs, fn: s.fn, limits: s.limits, open: s.open}
}

var noStretch = []string{"stretchy", "false"}

func mo(text string) sym          { return sym{tag: "mo", text: text} }
func bracket(text string) sym     { return sym{tag: "mo", text: text, attrs: noStretch} }
func openBracket(text string) sym { return sym{tag: "mo", text: text, attrs: noStretch, open: true} }
func mi(text string) sym          { return sym{tag: "mi", text: text} }
func miNormal(text string) sym {
	return sym{tag: "mi", text: text, attrs: []string{"mathvariant", "normal"}}
}
func space(width string) sym { return sym{tag: "mspace", attrs: []string{"width", width}} }
func function(name string, limits bool) sym {
	return sym{tag: "mi", text: name, fn: true, limits: limits}
}

// charOps are the operator characters.
var charOps = map[byte]sym{
	'+': mo("+"), '-': mo("\u2212"), '=': mo("="), '<': mo("<"), '>': mo(">"),
	'(': openBracket("("), ')': bracket(")"), '[': openBracket("["), ']': bracket("]"),
	'|': openBracket("|"), ',': mo(","), '/': mo("/"), '!': mo("!"),
	'.': mo("."), ':': mo(":"), ';': mo(";"),
}

// symbols are the commands without arguments.
var symbols = map[string]sym{
	"cdot": mo("⋅"), "times": mo("×"), "div": mo("÷"), "pm": mo("±"),
	"le": mo("≤"), "leq": mo("≤"), "ge": mo("≥"), "geq": mo("≥"),
	"ne": mo("≠"), "neq": mo("≠"), "approx": mo("≈"), "sim": mo("∼"),
	"equiv": mo("≡"), "to": mo("→"), "rightarrow": mo("→"), "in": mo("∈"),
	"propto": mo("∝"), "mid": mo("∣"), "ldots": mo("…"), "dots": mo("…"),
	"cdots": mo("⋯"), "infty": mi("∞"), "%": miNormal("%"),
	"{": openBracket("{"), "}": bracket("}"),
	"lceil": openBracket("⌈"), "rceil": bracket("⌉"),
	"lfloor": openBracket("⌊"), "rfloor": bracket("⌋"),
	"langle": openBracket("⟨"), "rangle": bracket("⟩"),

	"sum": {tag: "mo", text: "∑", limits: true}, "prod": {tag: "mo", text: "∏", limits: true},
	"max": function("max", true), "min": function("min", true), "Pr": function("Pr", true),
	"log": function("log", false), "ln": function("ln", false), "exp": function("exp", false),

	",": space("0.1667em"), ":": space("0.2222em"), ";": space("0.2778em"),
	" ": space("0.3333em"), "quad": space("1em"), "qquad": space("2em"),

	"alpha": mi("α"), "beta": mi("β"), "gamma": mi("γ"), "delta": mi("δ"),
	"epsilon": mi("ϵ"), "varepsilon": mi("ε"), "zeta": mi("ζ"), "eta": mi("η"),
	"theta": mi("θ"), "vartheta": mi("ϑ"), "iota": mi("ι"), "kappa": mi("κ"),
	"lambda": mi("λ"), "mu": mi("μ"), "nu": mi("ν"), "xi": mi("ξ"),
	"pi": mi("π"), "varpi": mi("ϖ"), "rho": mi("ρ"), "varrho": mi("ϱ"),
	"sigma": mi("σ"), "varsigma": mi("ς"), "tau": mi("τ"), "upsilon": mi("υ"),
	"phi": mi("ϕ"), "varphi": mi("φ"), "chi": mi("χ"), "psi": mi("ψ"), "omega": mi("ω"),
	"ell": mi("ℓ"),

	"Gamma": miNormal("Γ"), "Delta": miNormal("Δ"), "Theta": miNormal("Θ"),
	"Lambda": miNormal("Λ"), "Xi": miNormal("Ξ"), "Pi": miNormal("Π"),
	"Sigma": miNormal("Σ"), "Upsilon": miNormal("Υ"), "Phi": miNormal("Φ"),
	"Psi": miNormal("Ψ"), "Omega": miNormal("Ω"),
}

// delimCommands are the commands that can follow \left and \right.
var delimCommands = map[string]string{
	"{": "{", "}": "}", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋",
	"langle": "⟨", "rangle": "⟩",
}

// withArgs are the commands parseCommand handles itself.
var withArgs = []string{"frac", "dfrac", "tfrac", "binom", "sqrt", "text", "mathrm", "operatorname", "left", "right"}

// known is every command whose name is letters, sorted, for suggestions.
var known = func() []string {
	var names []string
	for name := range symbols {
		if isLetter(name[0]) {
			names = append(names, name)
		}
	}
	names = append(names, withArgs...)
	slices.Sort(names)
	return names
}()

// suggest returns " (did you mean \x?)" naming the known command closest
// to name, or "" when none is close: edit distance at most a third of the
// longer name (and at least 1), ties to the first in sorted order.
func suggest(name string) string {
	if !isLetter(name[0]) {
		return ""
	}
	best, bestD := "", -1
	for _, c := range known {
		limit := max(1, max(len(name), len(c))/3)
		if len(name)-len(c) > limit || len(c)-len(name) > limit {
			continue // the distance is at least the difference in length
		}
		d := diag.EditDistance(name, c)
		if d <= limit && (bestD < 0 || d < bestD) {
			best, bestD = c, d
		}
	}
	if bestD < 0 {
		return ""
	}
	return fmt.Sprintf(` (did you mean \%s?)`, best)
}
