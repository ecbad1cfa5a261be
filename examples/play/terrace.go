package main

import (
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/terrace"
)

func init() { bots.Register[terrace.Position, terrace.Move]() }
