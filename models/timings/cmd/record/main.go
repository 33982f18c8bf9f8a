// Command record runs the benchmarks of one or more Go modules and writes
// them, under a header naming the machine and the day, to a results file in
// the Go benchmark format (golang.org/x/perf/benchfmt), which the timings
// model embeds:
//
//	go run ./models/timings/cmd/record [-o FILE] [-count N] [-benchtime D] MODULE_DIR...
//
// The header's configuration lines are date (UTC, the day only), goos,
// goarch, cpu (as go test names it), go (the toolchain's version),
// gomaxprocs and cores; then, for each module in the order given, go test's
// pkg lines and Benchmark lines (its PASS and ok lines, and the goos, goarch
// and cpu lines it repeats per package, are left out). go test's whole
// output is copied to standard error as it runs. The file is written to a
// temporary file beside FILE and renamed over it only when every module's
// benchmarks passed, so a failed run leaves the previous file in place.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

func main() {
	out := flag.String("o", "models/timings/results.txt", "the results file to write")
	count := flag.Int("count", 5, "runs of each benchmark (go test -count)")
	benchtime := flag.String("benchtime", "200ms", "time of each run (go test -benchtime)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: record [-o FILE] [-count N] [-benchtime D] MODULE_DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *count < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := record(*out, *count, *benchtime, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "record:", err)
		os.Exit(1)
	}
}

// record runs the benchmarks of every module directory and writes the
// results file out atomically.
func record(out string, count int, benchtime string, modules []string) error {
	goCmd := os.Getenv("GO")
	if goCmd == "" {
		goCmd = "go"
	}
	version, err := exec.Command(goCmd, "env", "GOVERSION").Output()
	if err != nil {
		return fmt.Errorf("go env GOVERSION: %w", err)
	}
	var body bytes.Buffer
	cpu := ""
	for _, dir := range modules {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			return fmt.Errorf("module %s: %w", dir, err)
		}
		cmd := exec.Command(goCmd, "test", "-run", "^$", "-bench", ".", "-benchmem",
			"-count", strconv.Itoa(count), "-benchtime", benchtime, "./...")
		cmd.Dir = dir
		var raw bytes.Buffer
		cmd.Stdout = io.MultiWriter(&raw, os.Stderr)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("benchmarks of %s: %w", dir, err)
		}
		c, err := keep(&body, &raw)
		if err != nil {
			return err
		}
		if cpu == "" {
			cpu = c
		}
	}
	if cpu == "" {
		return errors.New("go test named no cpu: no benchmark ran")
	}
	var file bytes.Buffer
	fmt.Fprintf(&file, "date: %s\n", time.Now().UTC().Format(time.DateOnly))
	fmt.Fprintf(&file, "goos: %s\ngoarch: %s\ncpu: %s\n", runtime.GOOS, runtime.GOARCH, cpu)
	fmt.Fprintf(&file, "go: %s\n", strings.TrimSpace(string(version)))
	fmt.Fprintf(&file, "gomaxprocs: %d\ncores: %d\n", runtime.GOMAXPROCS(0), runtime.NumCPU())
	file.Write(body.Bytes())
	return writeAtomic(out, file.Bytes())
}

// keep copies go test's pkg and Benchmark lines from raw to w and returns
// the value of its first cpu line.
func keep(w io.Writer, raw io.Reader) (cpu string, err error) {
	sc := bufio.NewScanner(raw)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "cpu: ") && cpu == "":
			cpu = strings.TrimSpace(strings.TrimPrefix(line, "cpu: "))
		case strings.HasPrefix(line, "pkg: "), strings.HasPrefix(line, "Benchmark"):
			fmt.Fprintln(w, line)
		}
	}
	return cpu, sc.Err()
}

// writeAtomic writes data to a temporary file beside name and renames it
// over name.
func writeAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), name)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}
