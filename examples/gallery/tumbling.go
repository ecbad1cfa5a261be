package main

import "github.com/boardrules/boardrules/tumbling"

func init() {
	addHighlighter("tumbling", func(p tumbling.Position, m tumbling.Move) string {
		return p.SVGWith(tumbling.SVGOptions{Highlight: m})
	})
}
