package main

// Crumble draws itself with SVG(); it has no SVGWith, so its last move is
// listed in the caption only.
import _ "github.com/boardrules/boardrules/crumble"
