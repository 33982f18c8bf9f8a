// Package mathml renders the TeX subset the course's formulas use to presentation MathML.
//
// Render turns one formula, written as between TeX's $…$ (without the
// dollars), into a <math> element at build time: no script runs in the
// browser. The subset below is the whole format; anything else is an Error
// at its byte offset, and Render reports every problem it can find (up to
// 20) rather than stopping at the first.
//
// # Atoms
//
//   - Spaces, tabs and newlines between atoms are ignored (as in TeX's math
//     mode); use the spacing commands below for space.
//   - A number is a run of digits with decimal points and {,} separators
//     between digits: 0.99, .5, 10{,}000 and 0{,}99 are each one <mn>
//     (10{,}000 renders as 10,000). A bare comma is punctuation: 1,2 is
//     <mn>1</mn><mo>,</mo><mn>2</mn>.
//   - Each latin letter is its own identifier <mi> (italic): ab is a times b.
//   - Operators + - = < > ( ) [ ] | , / ! . : ; render as <mo>, the minus as
//     U+2212. Brackets written without \left and \right do not stretch.
//   - A ' after an atom is a prime, a superscript of it: one is ′, two in a
//     row are ″, three ‴; a ^ may follow the primes (its script comes after
//     them), but a prime may not follow a ^.
//   - Symbols: \cdot ⋅, \times ×, \div ÷, \pm ±, \le or \leq ≤, \ge or \geq ≥,
//     \ne or \neq ≠, \approx ≈, \sim ∼, \equiv ≡, \to or \rightarrow →,
//     \in ∈, \propto ∝, \mid ∣, \ldots or \dots …, \cdots ⋯, \infty ∞, \% %,
//     \{ \} { }, \lceil \rceil ⌈ ⌉, \lfloor \rfloor ⌊ ⌋, \langle \rangle ⟨ ⟩.
//   - Greek: \alpha \beta \gamma \delta \epsilon \varepsilon \zeta \eta
//     \theta \vartheta \iota \kappa \lambda \mu \nu \xi \pi \varpi \rho
//     \varrho \sigma \varsigma \tau \upsilon \phi \varphi \chi \psi \omega
//     (italic, as in TeX) and \Gamma \Delta \Theta \Lambda \Xi \Pi \Sigma
//     \Upsilon \Phi \Psi \Omega (upright); \ell ℓ.
//   - Spacing: \, (0.1667em), \: (0.2222em), \; (0.2778em), \  (a backslash
//     and a space, 0.3333em), \quad (1em), \qquad (2em), each an <mspace>.
//
// # Constructs
//
// An argument is a {group} or a single token: one letter, one digit, one
// operator character or one command with its own arguments. So x^10 is x^{1}
// followed by 0 and \frac12 is \frac{1}{2}, as in TeX.
//
//   - {…} groups atoms into one, for scripts and arguments.
//   - x^a, x_a, and both in either order (x_i^2, x^2_i: <msubsup>). A script
//     with no base ({}^2 or ^2 at the start of a group) has an empty base.
//     A second ^ or _ on one base is an error: use braces.
//   - \frac{a}{b}; \dfrac{a}{b} (display-size) and \tfrac{a}{b} (text-size).
//   - \binom{n}{k}: n over k in stretching parentheses.
//   - \sqrt{x} and \sqrt[n]{x}.
//   - \sum and \prod (large operators) and \max, \min and \Pr take their
//     scripts as limits: below and above (<munder>, <mover>, <munderover>)
//     in display style, as sub- and superscripts in text style. Display
//     style is the top of a display formula (Render with display true) and
//     the inside of \left…\right, groups, square roots and \mathrm there; fractions,
//     binomials and scripts are in text style.
//   - \max \min \log \ln \exp \Pr and \operatorname{name} are upright
//     function names; U+2061 (function application) follows one, after its
//     scripts, unless nothing or an operator other than an opening bracket
//     comes next.
//   - \left D … \right D, where each D is one of ( ) [ ] | \{ \} \lceil \rceil
//     \lfloor \rfloor \langle \rangle or . (no delimiter): delimiters that
//     stretch to the height of what they enclose. Scripts after \right apply
//     to the whole.
//   - \mathrm{…} is math in upright letters: a run of adjacent letters is one
//     upright identifier (\mathrm{ms} is <mi>ms</mi>, \mathrm{d} is
//     <mi mathvariant="normal">d</mi>).
//   - \text{…} is text (<mtext>), kept as written: any UTF-8 letters (hız),
//     with runs of whitespace as one space (a space at either end is kept as
//     a no-break space). Inside, braces nest; \% \{ \} \& \_ \# \$ and \\
//     stand for the character after the backslash, a backslash before a
//     space for a space, ~ for a no-break space; any other command, ^, _, &,
//     #, $ or % is an error.
//
// # Output
//
// The element is <math xmlns="http://www.w3.org/1998/Math/MathML">, with
// display="block" for a display formula, holding one child (several are
// wrapped in one <mrow>). Text is escaped for HTML and XML alike, U+2061
// and U+00A0 as character references; the output is well-formed XML and
// the same for the same input. On any error Render returns "" and the
// errors, sorted by offset.
//
// # Limits
//
// A formula is at most MaxLen bytes of valid UTF-8, nested at most MaxDepth
// levels (each group, braces inside \text too, each argument, \sqrt index and
// \left…\right is a level). Raw % (a TeX
// comment; write \%), $, &, #, ~, control characters and any non-ASCII
// character outside \text are errors.
package mathml
