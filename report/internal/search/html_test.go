package search

import (
	"reflect"
	"strings"
	"testing"
)

// A page as templates/lesson.html and the renderer write it, with one of
// everything DocsFromHTML leaves out.
const lessonPage = `<!DOCTYPE html>
<html lang="tr">
<head>
<meta charset="utf-8">
<title>Yük Dengeleyiciler</title>
<style>p { color: red; }</style>
</head>
<body>
<header class="site"><a class="home" href="../index.html">Yük Dengeleme</a>
<nav class="languages" aria-label="Dil"><ul><li><a href="../en/load-balancers.html">English</a></li></ul></nav>
</header>
<div class="page">
<nav class="course" aria-label="Tüm dersler"><ol><li><a href="yuk.html" aria-current="page">Yük Dengeleyiciler</a></li></ol></nav>
<main class="lesson">
<header class="lesson">
<p class="number">Ders 01</p>
<h1>Yük <em>Dengeleyiciler</em></h1>
<p class="summary">Tek bir kaldıraç &amp; bir özne topluluğu.</p>
</header>
<nav class="toc" aria-labelledby="toc-title">
<h2 id="toc-title">İçindekiler</h2>
<ol><li><a href="#olcum">Ölçüm</a></li></ol>
</nav>
<article>
<p>Bir sistemi işleten kişi nesneleri tek tek ayarlamaz.</p>
<h2 id="kaldirac">Kaldıraç ve <strong>özne</strong></h2>
<p><strong>Kaldıraç</strong> (lever), operatörün bir kez yazdığı karardır; <span class="value">40</span> özne.
N<sup>2</sup> kadar, <code lang="en">x := 1</code> değil.</p>
<pre tabindex="0"><code class="language-text">dengeleyici aktarim {
    birim baglanti  # bağlantının içini görmez
}
</code></pre>
<figure class="plot" id="fig-l4"><img src="fig/l4.svg" alt="Yatay eksende özne numaraları"><figcaption><span class="number">Şekil 1.</span> Katman 4 dengeleyicisi.</figcaption>
<details class="data"><summary>Şeklin verisi (tablo)</summary><table><tr><th scope="col">özne numarası</th></tr><tr><td>22</td></tr></table></details>
</figure>
<svg viewBox="0 0 10 10"><text x="1" y="1">eksen</text><path d="M0 0"/></svg>
<p>Oran <math><mi>ρ</mi><mo>=</mo><mi>λ</mi></math> büyür.<span aria-hidden="true">✓ gizli</span><span hidden>saklı</span></p>
<!-- <h2 id="yorum">Yorum</h2> -->
<h3 id="olcum">Ölçüm</h3>
<table><thead><tr><th>özne</th><th>kapasite</th></tr></thead><tbody><tr><td>k1</td><td>22</td></tr></tbody></table>
<script>var s = "<h2 id='x'>no</h2>";</script>
<h2 id="bos"></h2>
<section class="appendix" aria-labelledby="how">
<h2 id="how">Bu sayılar nasıl hesaplandı</h2>
<p>Sayfadaki her sayı aşağıdaki deneylerden gelir.</p>
<section class="appendix-part">
<h3><a href="#olcum">Ölçüm</a></h3>
<div class="experiment" id="exp-population"><p><span class="label">Deney</span> <code lang="en">population</code></p>
<pre class="command" tabindex="0" lang="en"><code>go run ./report run layer</code></pre></div>
</section>
</section>
<p class="top"><a href="#top">↑ Başa dön</a></p>
</article>
</main>
</div>
<footer class="site"><p>Bu sayfadaki sayılar modellerin çıktısıdır.</p></footer>
</body>
</html>
`

func TestDocsFromHTML(t *testing.T) {
	got := DocsFromHTML("tr", "yuk.html", []byte(lessonPage))
	title := "Yük Dengeleyiciler"
	want := []Doc{
		{"tr", "yuk.html", title, "", "Tek bir kaldıraç & bir özne topluluğu. Bir sistemi işleten kişi nesneleri tek tek ayarlamaz."},
		{"tr", "yuk.html#kaldirac", title, "Kaldıraç ve özne", "Kaldıraç (lever), operatörün bir kez yazdığı karardır; 40 özne. N2 kadar, değil. Şekil 1. Katman 4 dengeleyicisi. Oran büyür."},
		{"tr", "yuk.html#olcum", title, "Ölçüm", "özne kapasite k1 22"},
		{"tr", "yuk.html#how", title, "Bu sayılar nasıl hesaplandı", "Sayfadaki her sayı aşağıdaki deneylerden gelir. Ölçüm Deney"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DocsFromHTML =\n%s\nwant\n%s", dump(got), dump(want))
	}
}

// The older layout: the lesson's header, with its title and summary,
// inside <article>; and a table before prose.
func TestDocsFromHTMLHeaderInArticle(t *testing.T) {
	page := `<html><head><title>Sayfa</title></head><body><nav class="toc"><h2 id="toc-title">İçindekiler</h2></nav><article>
<header class="lesson"><p class="number">Ders 02</p><h1>Dengeleme Algoritmaları</h1><p class="summary">Sıralı kural ve karma.</p></header>
<h2 id="karma">Tutarlı karma</h2><table><tr><th>kural</th><td>4,04</td></tr></table><p>Karmayı halkaya yerleştirir.</p></article></body></html>`
	got := DocsFromHTML("tr", "alg.html", []byte(page))
	want := []Doc{
		{"tr", "alg.html", "Dengeleme Algoritmaları", "", "Sıralı kural ve karma."},
		{"tr", "alg.html#karma", "Dengeleme Algoritmaları", "Tutarlı karma", "Karmayı halkaya yerleştirir. kural 4,04"}, // tables last
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DocsFromHTML =\n%s\nwant\n%s", dump(got), dump(want))
	}
}

func TestDocsFromHTMLNoArticle(t *testing.T) {
	for _, page := range []string{"", "<html><body><main><h1>Terimler</h1><h2 id=\"a\">A</h2><p>metin</p></main></body></html>", "<", "</", "<!--", "<article", "<a href='>"} {
		if got := DocsFromHTML("tr", "x.html", []byte(page)); len(got) != 0 {
			t.Errorf("DocsFromHTML(%q) = %s, want none", page, dump(got))
		}
	}
	// No <h1>: the <title>, and without one the URL, is the title.
	got := DocsFromHTML("en", "x.html", []byte("<title>Only &lt;title&gt;</title><article><p>text</p>"))
	if len(got) != 1 || got[0].Title != "Only <title>" || got[0].Text != "text" {
		t.Errorf("unclosed article: %s", dump(got))
	}
	got = DocsFromHTML("en", "x.html", []byte("<article><h2 id=a>A &amp; B</h2>x</article>"))
	if len(got) != 1 || got[0].Title != "x.html" || got[0].Section != "A & B" || got[0].URL != "x.html#a" {
		t.Errorf("unquoted id: %s", dump(got))
	}
}

func dump(docs []Doc) string {
	var b strings.Builder
	for _, d := range docs {
		b.WriteString("\t" + d.URL + " | " + d.Title + " | " + d.Section + " | " + d.Text + "\n")
	}
	return b.String()
}

func FuzzDocsFromHTML(f *testing.F) {
	f.Add(lessonPage)
	f.Add("<article><h2 id=a>x</h2><svg><path/></svg></article>")
	f.Add("<article><p>a<b>c</p></b><h3 id='q'>d</article>")
	f.Fuzz(func(t *testing.T, page string) {
		for _, d := range DocsFromHTML("tr", "p.html", []byte(page)) {
			if d.Section == "" && d.Text == "" {
				t.Errorf("empty doc %+v", d)
			}
			if !strings.HasPrefix(d.URL, "p.html") {
				t.Errorf("URL %q", d.URL)
			}
			if d.Text != collapse(d.Text) || d.Section != collapse(d.Section) || d.Title != collapse(d.Title) && d.Title != "p.html" {
				t.Errorf("whitespace not collapsed: %+v", d)
			}
		}
	})
}
