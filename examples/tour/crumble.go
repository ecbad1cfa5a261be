package main

import _ "github.com/boardrules/boardrules/crumble"
