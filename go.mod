module github.com/boardrules/boardrules

go 1.26

require (
	github.com/google/go-cmp v0.7.0
	pgregory.net/rapid v1.2.0
)
