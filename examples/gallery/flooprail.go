package main

import "github.com/boardrules/boardrules/flooprail"

func init() {
	addHighlighter("flooprail", func(p flooprail.Position, m flooprail.Move) string {
		return p.SVGWith(flooprail.SVGOptions{Highlight: m})
	})
}
