package main

import "github.com/boardrules/boardrules/terrace"

func init() {
	addHighlighter("terrace", func(p terrace.Position, m terrace.Move) string {
		return p.SVGWith(terrace.SVGOptions{Highlight: m})
	})
}
