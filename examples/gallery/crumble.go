package main

import "github.com/boardrules/boardrules/crumble"

func init() {
	addHighlighter("crumble", func(p crumble.Position, m crumble.Move) string {
		return p.SVGWith(crumble.SVGOptions{Highlight: m})
	})
}
