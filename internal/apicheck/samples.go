package apicheck

import (
	"go/doc/comment"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Sample is a code block of a doc comment: an indented block of Go code,
// of output, of a position code or a record.
type Sample struct {
	Where string   // "file:line" of the doc comment that holds it
	Lines []string // the block's lines
}

// Samples lists the code blocks of the package's comments: the package
// docs of its files, the docs of its declarations and the comments that
// document a part of the code without belonging to a declaration.
func (p *Package) Samples() []Sample {
	var out []Sample
	var parser comment.Parser
	for _, f := range p.Files {
		groups := f.Comments // every comment, a doc comment or not
		for _, g := range groups {
			at := p.Fset.Position(g.Pos())
			for _, b := range parser.Parse(g.Text()).Content {
				if c, ok := b.(*comment.Code); ok {
					out = append(out, Sample{
						Where: filepath.Base(at.Filename) + ":" + strconv.Itoa(at.Line),
						Lines: strings.Split(strings.TrimSuffix(c.Text, "\n"), "\n"),
					})
				}
			}
		}
	}
	return out
}

// Texts are the runs of lines that may check a sample, normalised (see
// Normalise) and without blank lines: of every test file of the module,
// its code (each line without a comment at its end), its comments without
// their "//" (an Example's Output), and each of its string literals (a
// test's want); and of the library's code, its lines but its comments,
// which hold the samples themselves.
type Texts [][]string

// LoadTexts reads the Texts of the module at root.
func LoadTexts(root string) (Texts, error) {
	var texts Texts
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		test := strings.HasSuffix(path, "_test.go")
		if dir, _ := filepath.Rel(root, filepath.Dir(path)); !test && !slices.Contains(Packages, filepath.ToSlash(dir)) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		texts = append(texts, fileTexts(src, test)...)
		return nil
	})
	return texts, err
}

// fileTexts returns the runs of lines of a Go file: its code and, for a
// test file, its comments and its string literals.
func fileTexts(src []byte, test bool) Texts {
	var code, comments []string
	for _, l := range strings.Split(string(src), "\n") {
		l = strings.TrimSpace(l)
		if c, ok := strings.CutPrefix(l, "//"); ok {
			comments = appendLine(comments, c)
			continue
		}
		if i := strings.Index(l, " //"); i > 0 {
			l = l[:i]
		}
		code = appendLine(code, l)
	}
	if !test {
		return Texts{code}
	}
	texts := Texts{code, comments}
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return texts
		}
		if s, err := strconv.Unquote(lit); tok == token.STRING && err == nil {
			var lines []string
			for _, l := range strings.Split(s, "\n") {
				lines = appendLine(lines, l)
			}
			texts = append(texts, lines)
		}
	}
}

// appendLine appends a line normalised, unless it is blank.
func appendLine(lines []string, l string) []string {
	if n := Normalise(l); n != "" {
		return append(lines, n)
	}
	return lines
}

// Normalise trims a line and turns each run of white space into one
// space, so that a sample and a test may indent and align alike or not.
func Normalise(line string) string { return strings.Join(strings.Fields(line), " ") }

// CheckedBy reports whether some text holds the sample: its lines, blank
// ones aside and each without a comment at its end, in a row, where a
// line that elides with "..." stands for any lines, none included.
func (s Sample) CheckedBy(texts Texts) bool {
	var want []string
	for _, l := range s.Lines {
		n := Normalise(l)
		if i := strings.Index(n, " //"); i > 0 {
			n = n[:i]
		}
		if n != "" {
			want = append(want, n)
		}
	}
	for _, text := range texts {
		for start := range text {
			if matches(want, text[start:]) {
				return true
			}
		}
	}
	return false
}

// matches reports whether text starts with the lines of want, a line
// holding "..." matching any lines.
func matches(want, text []string) bool {
	if len(want) == 0 {
		return true
	}
	if strings.Contains(want[0], "...") {
		for skip := 0; skip <= len(text); skip++ {
			if matches(want[1:], text[skip:]) {
				return true
			}
		}
		return false
	}
	return len(text) > 0 && text[0] == want[0] && matches(want[1:], text[1:])
}
