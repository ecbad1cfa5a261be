module github.com/boardrules/boardrules

go 1.26
