package main

import (
	"github.com/boardrules/boardrules/crumble"
	"github.com/boardrules/boardrules/examples/bots"
)

func init() { bots.Register[crumble.Position, crumble.Move]() }
