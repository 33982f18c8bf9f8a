package mdext

import (
	"sync"
	"testing"
)

// TestSlugConcurrent: pages are parsed in parallel, so heading ids are made
// by many goroutines at once (run with -race).
func TestSlugConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				if got := slug("Şekil: Güçlü İstemci Bağlantıları"); got != "sekil-guclu-istemci-baglantilari" {
					t.Errorf("slug = %q", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
