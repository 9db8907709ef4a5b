package main

import (
	"encoding/json"
	"errors"
	"flag"
	"io"
)

// parseFlags parses a subcommand's flags. It returns the exit status to
// leave with (0 after -h, 1 on a bad flag) and false when the command
// should not go on.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 1, false
	}
	return 0, true
}

// printJSON writes v as indented JSON and returns the exit status.
func printJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if enc.Encode(v) != nil {
		return 1
	}
	return 0
}
