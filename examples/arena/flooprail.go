package main

import (
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/flooprail"
)

func init() { bots.Register[flooprail.Position, flooprail.Move]() }
