// Command report builds the course site from lessons/ and templates/ and
// lets authors run, check and compare the models behind it.
//
// Usage:
//
//	go run ./report build [-lessons DIR] [-templates DIR] [-out DIR] [-cache DIR]
//	go run ./report run MODEL [-set name=value]... [-json]
//	go run ./report check [-lessons DIR] [-templates DIR] [-out DIR]
//	go run ./report diff [-tolerance R] [-html DIR] [-markdown [-link URL]] [-check] [REV]
//	go run ./report serve [-addr 127.0.0.1:8080]
//	go run ./report models
//
// The lesson format is specified in report/internal/directive/doc.go.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// A command is one subcommand of report.
type command struct {
	name, usage string
	run         func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"build", "build [-lessons DIR] [-templates DIR] [-out DIR] [-cache DIR]", cmdBuild},
		{"run", "run MODEL [-set name=value]... [-json]", cmdRun},
		{"check", "check [-lessons DIR] [-templates DIR] [-out DIR]", cmdCheck},
		{"diff", "diff [-tolerance R] [-html DIR] [-markdown [-link URL]] [-check] [-color auto|always|never] [REV]", cmdDiff},
		{"serve", "serve [-addr HOST:PORT] [-lessons DIR] [-templates DIR] [-out DIR]", cmdServe},
		{"models", "models", cmdModels},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := dispatch(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "report: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  go run ./report %s\n", c.usage)
	}
}
