package mathml

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

const ns = "http://www.w3.org/1998/Math/MathML"

// inline and block wrap the expected content of a <math> element.
func inline(s string) string { return `<math xmlns="` + ns + `">` + s + `</math>` }
func block(s string) string  { return `<math xmlns="` + ns + `" display="block">` + s + `</math>` }

var renderTests = []struct {
	tex     string
	display bool
	want    string
}{
	// The course's formulas.
	{`m + (1 - m)(1 - h)`, false, inline(`<mrow><mi>m</mi><mo>+</mo><mo stretchy="false">(</mo><mn>1</mn><mo>−</mo><mi>m</mi><mo stretchy="false">)</mo><mo stretchy="false">(</mo><mn>1</mn><mo>−</mo><mi>h</mi><mo stretchy="false">)</mo></mrow>`)},
	{`\frac{N}{N+1}`, false, inline(`<mfrac><mi>N</mi><mrow><mi>N</mi><mo>+</mo><mn>1</mn></mrow></mfrac>`)},
	{`\frac{N}{N+1}`, true, block(`<mfrac><mi>N</mi><mrow><mi>N</mi><mo>+</mo><mn>1</mn></mrow></mfrac>`)},
	{`1 - 0.99^{100} \approx 0.63`, false, inline(`<mrow><mn>1</mn><mo>−</mo><msup><mn>0.99</mn><mn>100</mn></msup><mo>≈</mo><mn>0.63</mn></mrow>`)},
	{`1 - (1 - 10^{-4})^{2000}`, false, inline(`<mrow><mn>1</mn><mo>−</mo><mo stretchy="false">(</mo><mn>1</mn><mo>−</mo><msup><mn>10</mn><mrow><mo>−</mo><mn>4</mn></mrow></msup><msup><mo stretchy="false">)</mo><mn>2000</mn></msup></mrow>`)},
	{`\sum_{i=1}^{n} x_i`, true, block(`<mrow><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>x</mi><mi>i</mi></msub></mrow>`)},
	{`\sum_{i=1}^{n} x_i`, false, inline(`<mrow><msubsup><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></msubsup><msub><mi>x</mi><mi>i</mi></msub></mrow>`)},
	{`\left\lceil n/k \right\rceil`, false, inline(`<mrow><mo fence="true" form="prefix" stretchy="true">⌈</mo><mi>n</mi><mo>/</mo><mi>k</mi><mo fence="true" form="postfix" stretchy="true">⌉</mo></mrow>`)},
	{`\lceil n/k \rceil`, false, inline(`<mrow><mo stretchy="false">⌈</mo><mi>n</mi><mo>/</mo><mi>k</mi><mo stretchy="false">⌉</mo></mrow>`)},
	{`p_{95}`, false, inline(`<msub><mi>p</mi><mn>95</mn></msub>`)},
	{`\text{hız}`, false, inline(`<mtext>hız</mtext>`)},

	// Numbers.
	{`10{,}000`, false, inline(`<mn>10,000</mn>`)},
	{`0{,}99 + .5`, false, inline(`<mrow><mn>0,99</mn><mo>+</mo><mn>.5</mn></mrow>`)},
	{`1,2`, false, inline(`<mrow><mn>1</mn><mo>,</mo><mn>2</mn></mrow>`)},
	{`x = 5.`, false, inline(`<mrow><mi>x</mi><mo>=</mo><mn>5</mn><mo>.</mo></mrow>`)},
	{`1{,}`, false, inline(`<mrow><mn>1</mn><mo>,</mo></mrow>`)},
	{`x^10`, false, inline(`<mrow><msup><mi>x</mi><mn>1</mn></msup><mn>0</mn></mrow>`)},
	{`x_{10}`, false, inline(`<msub><mi>x</mi><mn>10</mn></msub>`)},

	// Identifiers and operators.
	{`ab`, false, inline(`<mrow><mi>a</mi><mi>b</mi></mrow>`)},
	{`a<b>c`, false, inline(`<mrow><mi>a</mi><mo>&lt;</mo><mi>b</mi><mo>&gt;</mo><mi>c</mi></mrow>`)},
	{`[a] |b| n! a:b;`, false, inline(`<mrow><mo stretchy="false">[</mo><mi>a</mi><mo stretchy="false">]</mo><mo stretchy="false">|</mo><mi>b</mi><mo stretchy="false">|</mo><mi>n</mi><mo>!</mo><mi>a</mi><mo>:</mo><mi>b</mi><mo>;</mo></mrow>`)},
	{`a \cdot b \times c \div d \pm e`, false, inline(`<mrow><mi>a</mi><mo>⋅</mo><mi>b</mi><mo>×</mo><mi>c</mi><mo>÷</mo><mi>d</mi><mo>±</mo><mi>e</mi></mrow>`)},
	{`\le\leq\ge\geq\ne\neq\approx\sim\equiv\to\rightarrow\in\propto\mid`, false, inline(`<mrow><mo>≤</mo><mo>≤</mo><mo>≥</mo><mo>≥</mo><mo>≠</mo><mo>≠</mo><mo>≈</mo><mo>∼</mo><mo>≡</mo><mo>→</mo><mo>→</mo><mo>∈</mo><mo>∝</mo><mo>∣</mo></mrow>`)},
	{`1, \ldots, n \cdots \dots \infty`, false, inline(`<mrow><mn>1</mn><mo>,</mo><mo>…</mo><mo>,</mo><mi>n</mi><mo>⋯</mo><mo>…</mo><mi>∞</mi></mrow>`)},
	{`5\%`, false, inline(`<mrow><mn>5</mn><mi mathvariant="normal">%</mi></mrow>`)},
	{`\{a\} \lfloor x \rfloor \langle y \rangle`, false, inline(`<mrow><mo stretchy="false">{</mo><mi>a</mi><mo stretchy="false">}</mo><mo stretchy="false">⌊</mo><mi>x</mi><mo stretchy="false">⌋</mo><mo stretchy="false">⟨</mo><mi>y</mi><mo stretchy="false">⟩</mo></mrow>`)},
	{`\ell_d`, false, inline(`<msub><mi>ℓ</mi><mi>d</mi></msub>`)},
	{`\alpha\beta\epsilon\varepsilon\phi\varphi\omega`, false, inline(`<mrow><mi>α</mi><mi>β</mi><mi>ϵ</mi><mi>ε</mi><mi>ϕ</mi><mi>φ</mi><mi>ω</mi></mrow>`)},
	{`\Gamma\Delta\Omega`, false, inline(`<mrow><mi mathvariant="normal">Γ</mi><mi mathvariant="normal">Δ</mi><mi mathvariant="normal">Ω</mi></mrow>`)},
	{`\lambda t`, false, inline(`<mrow><mi>λ</mi><mi>t</mi></mrow>`)},

	// Primes and scripts.
	{`f'`, false, inline(`<msup><mi>f</mi><mo>′</mo></msup>`)},
	{`f''(x)`, false, inline(`<mrow><msup><mi>f</mi><mo>″</mo></msup><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo></mrow>`)},
	{`f'^2_i`, false, inline(`<msubsup><mi>f</mi><mi>i</mi><mrow><mo>′</mo><mn>2</mn></mrow></msubsup>`)},
	{`x_i^2`, false, inline(`<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>`)},
	{`x^2_i`, false, inline(`<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>`)},
	{`x ^ {a+b}`, false, inline(`<msup><mi>x</mi><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow></msup>`)},
	{`{x^a}^b`, false, inline(`<msup><msup><mi>x</mi><mi>a</mi></msup><mi>b</mi></msup>`)},
	{`{}^2x`, false, inline(`<mrow><msup><mrow></mrow><mn>2</mn></msup><mi>x</mi></mrow>`)},
	{`e^{\alpha}`, false, inline(`<msup><mi>e</mi><mi>α</mi></msup>`)},
	{`e^\alpha`, false, inline(`<msup><mi>e</mi><mi>α</mi></msup>`)},
	{`x^\frac12`, false, inline(`<msup><mi>x</mi><mfrac><mn>1</mn><mn>2</mn></mfrac></msup>`)},
	{`f'^{\left(x\right)}`, false, inline(`<msup><mi>f</mi><mrow><mo>′</mo><mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">)</mo></mrow></mrow></msup>`)},
	{`f'^{ab}`, false, inline(`<msup><mi>f</mi><mrow><mo>′</mo><mi>a</mi><mi>b</mi></mrow></msup>`)},
	{`x''''`, false, inline(`<msup><mi>x</mi><mo>⁗</mo></msup>`)},
	{`x'''''`, false, inline(`<msup><mi>x</mi><mo>′′′′′</mo></msup>`)},
	{`'x`, false, inline(`<mrow><msup><mrow></mrow><mo>′</mo></msup><mi>x</mi></mrow>`)},
	{`a{}b`, false, inline(`<mrow><mi>a</mi><mi>b</mi></mrow>`)},
	{`{a+b}`, false, inline(`<mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>`)},

	// Fractions, binomials, roots.
	{`\frac12`, false, inline(`<mfrac><mn>1</mn><mn>2</mn></mfrac>`)},
	{`\frac{}{x}`, false, inline(`<mfrac><mrow></mrow><mi>x</mi></mfrac>`)},
	{`\dfrac{a}{b}`, false, inline(`<mstyle displaystyle="true" scriptlevel="0"><mfrac><mi>a</mi><mi>b</mi></mfrac></mstyle>`)},
	{`\tfrac{a}{b}`, true, block(`<mstyle displaystyle="false" scriptlevel="0"><mfrac><mi>a</mi><mi>b</mi></mfrac></mstyle>`)},
	{`\binom{n}{k}`, false, inline(`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`)},
	{`\sqrt{x}`, false, inline(`<msqrt><mi>x</mi></msqrt>`)},
	{`\sqrt{x+1}`, false, inline(`<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>`)},
	{`\sqrt2`, false, inline(`<msqrt><mn>2</mn></msqrt>`)},
	{`\sqrt{\binom{n}{2}}`, false, inline(`<msqrt><mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mfrac linethickness="0"><mi>n</mi><mn>2</mn></mfrac><mo fence="true" form="postfix" stretchy="true">)</mo></mrow></msqrt>`)},
	{`\sqrt[3]{x}`, false, inline(`<mroot><mi>x</mi><mn>3</mn></mroot>`)},
	{`\sqrt[n+1]{x y}`, false, inline(`<mroot><mrow><mi>x</mi><mi>y</mi></mrow><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></mroot>`)},
	{`\sqrt[{[a]}]{x}`, false, inline(`<mroot><mi>x</mi><mrow><mo stretchy="false">[</mo><mi>a</mi><mo stretchy="false">]</mo></mrow></mroot>`)},

	// Large operators and limits: display style at the top of a display
	// formula, in groups, \left…\right and roots; text style in fractions
	// and scripts.
	{`\prod_{k=1}^{n} k`, true, block(`<mrow><munderover><mo>∏</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>k</mi></mrow>`)},
	{`\sum_k \prod^n`, true, block(`<mrow><munder><mo>∑</mo><mi>k</mi></munder><mover><mo>∏</mo><mi>n</mi></mover></mrow>`)},
	{`\sum_k \prod^n`, false, inline(`<mrow><msub><mo>∑</mo><mi>k</mi></msub><msup><mo>∏</mo><mi>n</mi></msup></mrow>`)},
	{`\sqrt{\sum_i x}`, true, block(`<msqrt><munder><mo>∑</mo><mi>i</mi></munder><mi>x</mi></msqrt>`)},
	{`\frac{\sum_i x}{2}`, true, block(`<mfrac><mrow><msub><mo>∑</mo><mi>i</mi></msub><mi>x</mi></mrow><mn>2</mn></mfrac>`)},
	{`\left(\sum_i x\right)`, true, block(`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><munder><mo>∑</mo><mi>i</mi></munder><mi>x</mi><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`)},
	{`e^{\sum_i x}`, true, block(`<msup><mi>e</mi><mrow><msub><mo>∑</mo><mi>i</mi></msub><mi>x</mi></mrow></msup>`)},

	// Function names: U+2061 follows one when an argument does.
	{`\max_x f(x)`, true, block(`<mrow><munder><mi>max</mi><mi>x</mi></munder><mo rspace="0.1667em">&#x2061;</mo><mi>f</mi><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo></mrow>`)},
	{`\max_x f(x)`, false, inline(`<mrow><msub><mi>max</mi><mi>x</mi></msub><mo rspace="0.1667em">&#x2061;</mo><mi>f</mi><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo></mrow>`)},
	{`\log_2 n`, true, block(`<mrow><msub><mi>log</mi><mn>2</mn></msub><mo rspace="0.1667em">&#x2061;</mo><mi>n</mi></mrow>`)},
	{`\ln 2 + \exp(x)`, false, inline(`<mrow><mi>ln</mi><mo rspace="0.1667em">&#x2061;</mo><mn>2</mn><mo>+</mo><mi>exp</mi><mo>&#x2061;</mo><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo></mrow>`)},
	{`\min\{a, b\}`, false, inline(`<mrow><mi>min</mi><mo>&#x2061;</mo><mo stretchy="false">{</mo><mi>a</mi><mo>,</mo><mi>b</mi><mo stretchy="false">}</mo></mrow>`)},
	{`\Pr[X > x]`, false, inline(`<mrow><mi>Pr</mi><mo>&#x2061;</mo><mo stretchy="false">[</mo><mi>X</mi><mo>&gt;</mo><mi>x</mi><mo stretchy="false">]</mo></mrow>`)},
	{`\log\, n`, false, inline(`<mrow><mi>log</mi><mo>&#x2061;</mo><mspace width="0.1667em"></mspace><mi>n</mi></mrow>`)},
	{`\log = \ln`, false, inline(`<mrow><mi>log</mi><mo>=</mo><mi>ln</mi></mrow>`)},
	{`\log`, false, inline(`<mi>log</mi>`)},
	{`\operatorname{argmax}_x f`, true, block(`<mrow><msub><mi>argmax</mi><mi>x</mi></msub><mo rspace="0.1667em">&#x2061;</mo><mi>f</mi></mrow>`)},
	{`\operatorname{E}[X]`, false, inline(`<mrow><mi mathvariant="normal">E</mi><mo>&#x2061;</mo><mo stretchy="false">[</mo><mi>X</mi><mo stretchy="false">]</mo></mrow>`)},
	{`\operatorname{arg\,max} x`, false, inline(`<mrow><mrow><mi>arg</mi><mspace width="0.1667em"></mspace><mi>max</mi></mrow><mo rspace="0.1667em">&#x2061;</mo><mi>x</mi></mrow>`)},

	// \left … \right.
	{`\left( \frac{a}{b} \right)^2`, false, inline(`<msup><mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac><mo fence="true" form="postfix" stretchy="true">)</mo></mrow><mn>2</mn></msup>`)},
	{`\left[ x \right| \left\{ y \right\}`, false, inline(`<mrow><mrow><mo fence="true" form="prefix" stretchy="true">[</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">|</mo></mrow><mrow><mo fence="true" form="prefix" stretchy="true">{</mo><mi>y</mi><mo fence="true" form="postfix" stretchy="true">}</mo></mrow></mrow>`)},
	{`\left\lfloor x \right\rfloor \left\langle y \right\rangle`, false, inline(`<mrow><mrow><mo fence="true" form="prefix" stretchy="true">⌊</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">⌋</mo></mrow><mrow><mo fence="true" form="prefix" stretchy="true">⟨</mo><mi>y</mi><mo fence="true" form="postfix" stretchy="true">⟩</mo></mrow></mrow>`)},
	{`\left.\frac{a}{b}\right|_{x=0}`, false, inline(`<msub><mrow><mfrac><mi>a</mi><mi>b</mi></mfrac><mo fence="true" form="postfix" stretchy="true">|</mo></mrow><mrow><mi>x</mi><mo>=</mo><mn>0</mn></mrow></msub>`)},
	{`\left(\left[x\right]\right)`, false, inline(`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mrow><mo fence="true" form="prefix" stretchy="true">[</mo><mi>x</mi><mo fence="true" form="postfix" stretchy="true">]</mo></mrow><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`)},
	{`\left(\right)`, false, inline(`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`)},
	{`\left.\right.`, false, inline(`<mrow></mrow>`)},
	{`\left( x \rightarrow y \right)`, false, inline(`<mrow><mo fence="true" form="prefix" stretchy="true">(</mo><mi>x</mi><mo>→</mo><mi>y</mi><mo fence="true" form="postfix" stretchy="true">)</mo></mrow>`)},

	// Spacing.
	{`a\,b\:c\;d\ e\quad f\qquad g`, false, inline(`<mrow><mi>a</mi><mspace width="0.1667em"></mspace><mi>b</mi><mspace width="0.2222em"></mspace><mi>c</mi><mspace width="0.2778em"></mspace><mi>d</mi><mspace width="0.3333em"></mspace><mi>e</mi><mspace width="1em"></mspace><mi>f</mi><mspace width="2em"></mspace><mi>g</mi></mrow>`)},
	{" a \t\n+\r\nb ", false, inline(`<mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>`)},

	// Upright letters and text.
	{`\mathrm{ms}`, false, inline(`<mi>ms</mi>`)},
	{`\mathrm{d}x`, false, inline(`<mrow><mi mathvariant="normal">d</mi><mi>x</mi></mrow>`)},
	{`\mathrm{km/h}`, false, inline(`<mrow><mi>km</mi><mo>/</mo><mi mathvariant="normal">h</mi></mrow>`)},
	{`\mathrm{T_1}`, false, inline(`<msub><mi mathvariant="normal">T</mi><mn>1</mn></msub>`)},
	{`\mathrm{RTT}_{p99}`, false, inline(`<msub><mi>RTT</mi><mrow><mi>p</mi><mn>99</mn></mrow></msub>`)},
	{`t_{\text{bekleme}} = 3\,\mathrm{ms}`, false, inline(`<mrow><msub><mi>t</mi><mtext>bekleme</mtext></msub><mo>=</mo><mn>3</mn><mspace width="0.1667em"></mspace><mi>ms</mi></mrow>`)},
	{`\text{ortalama  gecikme}`, false, inline(`<mtext>ortalama gecikme</mtext>`)},
	{`x \text{ if } y`, false, inline(`<mrow><mi>x</mi><mtext>&#160;if&#160;</mtext><mi>y</mi></mrow>`)},
	{"\\text{ığüşöç\n İĞÜŞÖÇ}", false, inline(`<mtext>ığüşöç İĞÜŞÖÇ</mtext>`)},
	{`\text{50\% a{b}c \{\} \& \_ \# \$ \\ a\ b~c}`, false, inline(`<mtext>50% abc {} &amp; _ # $ \ a b&#160;c</mtext>`)},
	{`\text{a<b>"c"}`, false, inline(`<mtext>a&lt;b&gt;&quot;c&quot;</mtext>`)},
	{`\text{}`, false, inline(`<mtext></mtext>`)},
	{`\text {x}`, false, inline(`<mtext>x</mtext>`)},

	// The empty formula.
	{``, false, inline(``)},
	{` `, true, block(``)},
}

func TestRender(t *testing.T) {
	for _, tt := range renderTests {
		got, errs := Render(tt.tex, tt.display)
		if len(errs) > 0 {
			t.Errorf("Render(%q, %v): errors %v", tt.tex, tt.display, errs)
			continue
		}
		if got != tt.want {
			t.Errorf("Render(%q, %v)\n got %s\nwant %s", tt.tex, tt.display, got, tt.want)
		}
	}
}

var errorTests = []struct {
	tex  string
	want []string
}{
	{`\fracc{a}{b}`, []string{`offset 0: unknown command \fracc (did you mean \frac?)`}},
	{`x + \alpah`, []string{`offset 4: unknown command \alpah (did you mean \alpha?)`}},
	{`\Alpha`, []string{`offset 0: unknown command \Alpha (did you mean \alpha?)`}},
	{`\lefft( x \right)`, []string{`offset 0: unknown command \lefft (did you mean \left?)`, `offset 10: \right) without matching \left`}},
	{`\int x`, []string{`offset 0: unknown command \int (did you mean \in?)`}},
	{`\foo`, []string{`offset 0: unknown command \foo`}},
	{`\` + strings.Repeat("a", 50), []string{`offset 0: unknown command \` + strings.Repeat("a", 40) + `…`}},
	{`x \\ y`, []string{`offset 2: \\ (a line break) is not supported in a formula`}},
	{`x \`, []string{`offset 2: lone \ at the end of the formula`}},
	{`x^`, []string{`offset 1: missing superscript after ^`}},
	{`x_`, []string{`offset 1: missing subscript after _`}},
	{`{x^} + y_}`, []string{`offset 2: missing superscript after ^`, `offset 8: missing subscript after _`, `offset 9: unexpected } (no { to close)`}},
	{`x^^2`, []string{`offset 1: missing superscript after ^`}},
	{`x^2^3`, []string{`offset 3: double superscript (use braces: x^{a^b} or {x^a}^b)`}},
	{`x_1_2`, []string{`offset 3: double subscript (use braces: x_{a_b} or {x_a}_b)`}},
	{`x^2'`, []string{`offset 3: double superscript: a prime after ^ (write x'^a, or use braces)`}},
	{`{a`, []string{`offset 0: { is not closed (missing })`}},
	{`a}`, []string{`offset 1: unexpected } (no { to close)`}},
	{`\frac{a}{b`, []string{`offset 8: { is not closed (missing })`}},
	{`\frac{a}`, []string{`offset 0: missing second argument of \frac`}},
	{`\binom`, []string{`offset 0: missing first argument of \binom`}},
	{`\sqrt`, []string{`offset 0: missing argument of \sqrt`}},
	{`\sqrt[3]`, []string{`offset 0: missing argument of \sqrt`}},
	{`\sqrt[3{x}`, []string{`offset 5: \sqrt[ is not closed (missing ])`}},
	{`\right)`, []string{`offset 0: \right) without matching \left`}},
	{`a \right\rceil b`, []string{`offset 2: \right\rceil without matching \left`}},
	{`\left( a`, []string{`offset 0: \left( has no matching \right`}},
	{`\left( {a \right)`, []string{`offset 7: { is not closed (missing })`}},
	{`{\left( a } b`, []string{`offset 1: \left( has no matching \right`}},
	{`\left( a } b`, []string{`offset 0: \left( has no matching \right`, `offset 9: unexpected } (no { to close)`}},
	{`\left x \right)`, []string{`offset 0: \left must be followed by a delimiter: ( ) [ ] | \{ \} \lceil \rceil \lfloor \rfloor \langle \rangle or .`, `offset 8: \right) without matching \left`}},
	{`\left( x \right`, []string{`offset 9: \right must be followed by a delimiter: ( ) [ ] | \{ \} \lceil \rceil \lfloor \rfloor \langle \rangle or .`}},
	{`50%`, []string{`offset 2: % starts a comment in TeX: write \% for a percent sign`}},
	{`$x$`, []string{`offset 0: unexpected $ (write the formula without $ delimiters)`, `offset 2: unexpected $ (write the formula without $ delimiters)`}},
	{`a & b # c ~ d`, []string{`offset 2: unexpected character "&"`, `offset 6: unexpected character "#"`, `offset 10: unexpected character "~"`}},
	{`hız`, []string{`offset 1: unexpected character "ı" in math (put words in \text{…})`}},
	{"a\x01", []string{`offset 1: unexpected character "\x01"`}},
	{"a\xff", []string{`offset 1: invalid UTF-8`}},
	{`\text x`, []string{`offset 0: \text must be followed by {…}`}},
	{`\text{a`, []string{`offset 5: \text{ is not closed (missing })`}},
	{`\text{a\`, []string{`offset 5: \text{ is not closed (missing })`}},
	{`\text{$x$ ^ \frac}`, []string{`offset 6: $ is not allowed in \text (write \$)`, `offset 8: $ is not allowed in \text (write \$)`, `offset 10: ^ is not allowed in \text`, `offset 12: \frac is not allowed in \text (only \% \{ \} \& \_ \# \$ \\ and a backslash before a space)`}},
	{"\\text{a\xffb\x02}", []string{`offset 7: invalid UTF-8`, `offset 9: control character U+0002 is not allowed`}},
	{`\mathrm x`, []string{`offset 0: \mathrm must be followed by {…}`}},
	{`\operatorname{}`, []string{`offset 0: \operatorname{} has no name`}},
	// Every problem is reported, in order of offset.
	{`\frac{\alpah}{x^} + \left( 50% \beta}`, []string{
		`offset 6: unknown command \alpah (did you mean \alpha?)`,
		`offset 15: missing superscript after ^`,
		`offset 20: \left( has no matching \right`,
		`offset 29: % starts a comment in TeX: write \% for a percent sign`,
		`offset 36: unexpected } (no { to close)`,
	}},
}

func TestErrors(t *testing.T) {
	for _, tt := range errorTests {
		got, errs := Render(tt.tex, false)
		if got != "" {
			t.Errorf("Render(%q) = %q with errors, want \"\"", tt.tex, got)
		}
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		if !slices.Equal(msgs, tt.want) {
			t.Errorf("Render(%q) errors:\n got %q\nwant %q", tt.tex, msgs, tt.want)
		}
	}
}

func TestTooManyErrors(t *testing.T) {
	_, errs := Render(strings.Repeat(`\alpah `, 30), false)
	if len(errs) != maxErrors+1 {
		t.Fatalf("%d errors, want %d", len(errs), maxErrors+1)
	}
	for i, e := range errs[:maxErrors] {
		if want := fmt.Sprintf(`offset %d: unknown command \alpah (did you mean \alpha?)`, 7*i); e.Error() != want {
			t.Errorf("error %d: %s, want %s", i, e, want)
		}
	}
	if got, want := errs[maxErrors].Error(), fmt.Sprintf("offset %d: too many errors (20); stopping here", 7*(maxErrors-1)); got != want {
		t.Errorf("last error %s, want %s", got, want)
	}
}

func TestErrorType(t *testing.T) {
	_, errs := Render(`a^`, false)
	if len(errs) != 1 {
		t.Fatalf("errors %v, want one", errs)
	}
	var err error = errs[0]
	var e *Error
	if !errors.As(err, &e) || e.Off != 1 || e.Msg != "missing superscript after ^" || e.Error() != "offset 1: missing superscript after ^" {
		t.Errorf("error %#v", errs[0])
	}
}

func TestLimits(t *testing.T) {
	long := strings.Repeat("x", MaxLen)
	if _, errs := Render(long, false); len(errs) != 0 {
		t.Errorf("%d bytes: %v", MaxLen, errs)
	}
	_, errs := Render(long+"x", false)
	if len(errs) != 1 || errs[0].Error() != fmt.Sprintf("offset %d: formula is %d bytes, longer than the limit of %d", MaxLen, MaxLen+1, MaxLen) {
		t.Errorf("%d bytes: %v", MaxLen+1, errs)
	}

	deep := fmt.Sprintf("formula is nested deeper than %d levels", MaxDepth)
	nest := func(open, mid, shut string, n int) string {
		return strings.Repeat(open, n) + mid + strings.Repeat(shut, n)
	}
	for _, tt := range []struct {
		name, open, mid, shut string
		n                     int // levels of open … shut that are allowed
		off                   int // of the error at n+1
	}{
		{"groups", "{", "x", "}", MaxDepth, MaxDepth},
		{"superscripts", "x^{", "x", "}", MaxDepth, 3*MaxDepth + 2},
		{"fractions", `\frac{`, "x", "}1", MaxDepth, 6*MaxDepth + 5},
		{"bare fractions", `\frac`, "1", "2", MaxDepth, 5*MaxDepth + 5},
		{"left", `\left(`, "x", `\right)`, MaxDepth, 6 * MaxDepth},
		{"roots", `\sqrt[`, "x", "]x", MaxDepth, 6*MaxDepth + 5},
		// Braces inside \text count too: the tenth is too deep.
		{"text", "x^{", `\text{` + strings.Repeat("{", 10) + "a" + strings.Repeat("}", 10) + "}", "}", MaxDepth - 10, 3*(MaxDepth-10+1) + 6 + 9},
	} {
		if out, errs := Render(nest(tt.open, tt.mid, tt.shut, tt.n), false); len(errs) != 0 || out == "" {
			t.Errorf("%s: %d levels: %v", tt.name, tt.n, errs)
		}
		_, errs := Render(nest(tt.open, tt.mid, tt.shut, tt.n+1), false)
		want := []string{fmt.Sprintf("offset %d: %s", tt.off, deep)}
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		if !slices.Equal(msgs, want) {
			t.Errorf("%s: %d levels: %q, want %q", tt.name, tt.n+1, msgs, want)
		}
	}
}

// TestWellFormed checks every output of the tables against wellFormed, in
// both styles.
func TestWellFormed(t *testing.T) {
	for _, tt := range renderTests {
		for _, d := range []bool{false, true} {
			out, errs := Render(tt.tex, d)
			if len(errs) > 0 {
				t.Errorf("Render(%q, %v): %v", tt.tex, d, errs)
				continue
			}
			if err := wellFormed(out, d); err != nil {
				t.Errorf("Render(%q, %v) = %s: %v", tt.tex, d, out, err)
			}
		}
	}
	if err := wellFormed(`<math xmlns="`+ns+`"><mfrac><mi>a</mi></mfrac></math>`, false); err == nil {
		t.Error("wellFormed accepted an <mfrac> with one child")
	}
	if err := wellFormed(`<math xmlns="`+ns+`"><mi>a</math>`, false); err == nil {
		t.Error("wellFormed accepted a missing end tag")
	}
}

// arity is the number of children MathML requires of each element it
// requires a number of; -1 marks the token elements (text only), 0 the
// elements that take any number.
var arity = map[string]int{
	"math": 0, "mrow": 0, "msqrt": 0, "mstyle": 0,
	"mfrac": 2, "mroot": 2, "msub": 2, "msup": 2, "munder": 2, "mover": 2,
	"msubsup": 3, "munderover": 3,
	"mi": -1, "mn": -1, "mo": -1, "mtext": -1, "mspace": -1,
}

// wellFormed reports whether s is one well-formed XML <math> element in
// the MathML namespace (with display="block" exactly when display), made
// of the elements Render writes, each with the children MathML requires.
func wellFormed(s string, display bool) error {
	d := xml.NewDecoder(strings.NewReader(s))
	type open struct {
		name string
		kids int
	}
	var stack []open
	roots := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space != ns {
				return fmt.Errorf("<%s> is not in the MathML namespace", t.Name.Local)
			}
			if _, ok := arity[t.Name.Local]; !ok {
				return fmt.Errorf("unexpected element <%s>", t.Name.Local)
			}
			if len(stack) == 0 {
				roots++
				if t.Name.Local != "math" {
					return fmt.Errorf("root <%s>", t.Name.Local)
				}
				block := slices.Contains(t.Attr, xml.Attr{Name: xml.Name{Local: "display"}, Value: "block"})
				if block != display {
					return fmt.Errorf("display=block is %v, want %v", block, display)
				}
			} else {
				parent := &stack[len(stack)-1]
				if arity[parent.name] < 0 {
					return fmt.Errorf("<%s> inside the token element <%s>", t.Name.Local, parent.name)
				}
				parent.kids++
			}
			stack = append(stack, open{name: t.Name.Local})
		case xml.EndElement:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n := arity[top.name]; n > 0 && top.kids != n {
				return fmt.Errorf("<%s> has %d children, want %d", top.name, top.kids, n)
			}
		case xml.CharData:
			if len(stack) == 0 {
				return fmt.Errorf("text %q outside <math>", t)
			}
			if top := stack[len(stack)-1]; arity[top.name] >= 0 && strings.TrimSpace(string(t)) != "" {
				return fmt.Errorf("text %q in <%s>", t, top.name)
			}
		default:
			return fmt.Errorf("unexpected %T", t)
		}
	}
	if roots != 1 {
		return fmt.Errorf("%d root elements", roots)
	}
	return nil
}

func FuzzRender(f *testing.F) {
	for _, tt := range renderTests {
		f.Add(tt.tex, tt.display)
	}
	for _, tt := range errorTests {
		f.Add(tt.tex, false)
	}
	f.Fuzz(func(t *testing.T, tex string, display bool) {
		out, errs := Render(tex, display)
		if len(errs) > 0 {
			if out != "" {
				t.Fatalf("Render(%q) = %q with errors %v", tex, out, errs)
			}
			for i, e := range errs {
				if strings.HasPrefix(e.Msg, "internal error") {
					t.Fatalf("Render(%q): %v", tex, e)
				}
				if e.Off < 0 || e.Off > max(len(tex), MaxLen) || i > 0 && e.Off < errs[i-1].Off {
					t.Fatalf("Render(%q): errors %v out of range or order", tex, errs)
				}
			}
			return
		}
		if err := wellFormed(out, display); err != nil {
			t.Fatalf("Render(%q) = %s: %v", tex, out, err)
		}
		// The work is bounded by the output, which is bounded by the input.
		if len(out) > 100+64*len(tex) {
			t.Fatalf("Render(%q): %d bytes out of %d", tex, len(out), len(tex))
		}
		if again, _ := Render(tex, display); again != out {
			t.Fatalf("Render(%q) is not deterministic:\n%s\n%s", tex, out, again)
		}
	})
}
