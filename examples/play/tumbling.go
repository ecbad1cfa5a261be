package main

import (
	"github.com/boardrules/boardrules/examples/bots"
	"github.com/boardrules/boardrules/tumbling"
)

func init() { bots.Register[tumbling.Position, tumbling.Move]() }
