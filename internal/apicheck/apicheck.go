// Package apicheck describes the exported API of the module's library
// packages in the manner of the Go project's api files: one line for each
// exported constant, variable, function, type, method, struct field and
// interface method, sorted. Its test compares the description with the
// checked-in file api/boardrules.txt, so that a change of the public
// surface is always a visible, reviewed diff, and fails on an exported
// identifier without a doc comment.
//
// It reads the source with go/parser only (no type checking), so it is
// quick and needs nothing beyond the standard library.
package apicheck

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Packages are the library's packages, as directories under the module
// root, and the import paths they have.
var Packages = []string{".", "notation", "tumbling", "flooprail", "terrace", "crumble"}

// Module is the module's path.
const Module = "github.com/boardrules/boardrules"

// Package is one parsed package: its import path and the declarations of
// its non-test files.
type Package struct {
	Path  string
	Fset  *token.FileSet
	Files []*ast.File

	root   string                    // the module's directory, to read the packages of the module it imports
	values map[string]constant.Value // the constants' values that the source tells
}

// Load parses the non-test Go files of the package in dir (relative to
// root, the module's directory).
func Load(root, dir string) (*Package, error) {
	path := Module
	if dir != "." {
		path += "/" + filepath.ToSlash(dir)
	}
	names, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	p := &Package{Path: path, Fset: token.NewFileSet(), root: root}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(p.Fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		p.Files = append(p.Files, f)
	}
	if len(p.Files) == 0 {
		return nil, fmt.Errorf("no Go files in %s", filepath.Join(root, dir))
	}
	return p, nil
}

// API returns the lines that describe the package's exported API, sorted.
// A constant with a type has its value too ("const Black Color = 0"), so
// that swapping two values shows in the file as a change of the API; so
// has one whose value is another package's constant ("const MaxQuoted =
// 64" for MaxQuoted = quote.Max), which would not say its value otherwise.
func (p *Package) API() []string {
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, "pkg "+p.Path+", "+fmt.Sprintf(format, args...))
	}
	p.values = p.constants()
	for _, f := range p.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					add("func %s%s", d.Name.Name, p.signature(d.Type))
					continue
				}
				recv, ok := receiver(d.Recv.List[0].Type)
				if !ok {
					continue
				}
				add("method (%s) %s%s", recv, d.Name.Name, p.signature(d.Type))
			case *ast.GenDecl:
				p.genDecl(d, add)
			}
		}
	}
	sort.Strings(lines)
	return lines
}

// genDecl describes the exported specs of a const, var or type
// declaration. Within a const group a spec without a type or value repeats
// the previous one's, as the language says.
func (p *Package) genDecl(d *ast.GenDecl, add func(string, ...any)) {
	var lastType ast.Expr
	var lastValues []ast.Expr
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.ValueSpec:
			typ, values := s.Type, s.Values
			if d.Tok == token.CONST && typ == nil && values == nil {
				typ, values = lastType, lastValues
			}
			lastType, lastValues = typ, values
			kind := strings.ToLower(d.Tok.String())
			for i, n := range s.Names {
				if !n.IsExported() {
					continue
				}
				v, known := p.values[n.Name]
				switch {
				case d.Tok == token.CONST && typ != nil && known:
					add("%s %s %s = %s", kind, n.Name, p.expr(typ), v.ExactString())
				case typ != nil:
					add("%s %s %s", kind, n.Name, p.expr(typ))
				case d.Tok == token.CONST && known && i < len(values) && qualified(values[i]):
					add("%s %s = %s", kind, n.Name, v.ExactString())
				case d.Tok == token.CONST && i < len(values) && !usesIota(values[i]):
					add("%s %s = %s", kind, n.Name, p.expr(values[i]))
				case d.Tok == token.CONST && known:
					add("%s %s = %s", kind, n.Name, v.ExactString())
				default:
					add("%s %s", kind, n.Name)
				}
			}
		case *ast.TypeSpec:
			if !s.Name.IsExported() {
				continue
			}
			name := s.Name.Name + p.typeParams(s.TypeParams)
			switch t := s.Type.(type) {
			case *ast.StructType:
				add("type %s struct", name)
				for _, field := range t.Fields.List {
					for _, fn := range field.Names {
						if fn.IsExported() {
							add("type %s struct, %s %s", s.Name.Name, fn.Name, p.expr(field.Type))
						}
					}
					if len(field.Names) == 0 {
						add("type %s struct, embedded %s", s.Name.Name, p.expr(field.Type))
					}
				}
			case *ast.InterfaceType:
				add("type %s interface", name)
				for _, m := range t.Methods.List {
					for _, mn := range m.Names {
						if ft, ok := m.Type.(*ast.FuncType); ok && mn.IsExported() {
							add("type %s interface, %s%s", s.Name.Name, mn.Name, p.signature(ft))
						}
					}
					if len(m.Names) == 0 {
						add("type %s interface, %s", s.Name.Name, p.expr(m.Type))
					}
				}
			default:
				if s.Assign.IsValid() {
					add("type %s = %s", name, p.expr(s.Type))
				} else {
					add("type %s %s", name, p.expr(s.Type))
				}
			}
		}
	}
}

// constants evaluates the package's constants that it can from the source
// alone: literals, iota, the package's other constants, the constants of
// the module's packages it imports, conversions and operators; not a
// constant of a package outside the module.
func (p *Package) constants() map[string]constant.Value {
	type spec struct {
		name    string
		expr    ast.Expr
		iota    int64
		imports map[string]string // the file's imports of the module's packages: name to directory
	}
	var specs []spec
	for _, f := range p.Files {
		imports := moduleImports(f)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			var last []ast.Expr
			for i, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				if vs.Values != nil {
					last = vs.Values
				}
				for k, n := range vs.Names {
					if k < len(last) {
						specs = append(specs, spec{n.Name, last[k], int64(i), imports})
					}
				}
			}
		}
	}
	values := map[string]constant.Value{}
	imported := map[string]map[string]constant.Value{} // by directory
	// a constant may name one declared after it: evaluate until no more
	// can be
	for progress := true; progress; {
		progress = false
		for _, sp := range specs {
			if _, done := values[sp.name]; done {
				continue
			}
			other := func(pkg, name string) constant.Value {
				dir, ok := sp.imports[pkg]
				if !ok {
					return nil
				}
				if _, loaded := imported[dir]; !loaded {
					imported[dir] = nil // a package that does not load tells nothing
					if q, err := Load(p.root, dir); err == nil {
						imported[dir] = q.constants()
					}
				}
				return imported[dir][name]
			}
			if v := eval(sp.expr, sp.iota, values, other); v != nil {
				values[sp.name] = v
				progress = true
			}
		}
	}
	return values
}

// moduleImports returns the packages of the module that f imports, by the
// name f knows each by (its import name, else the last element of its
// path, which is its package name in this module), as directories under
// the module's root.
func moduleImports(f *ast.File) map[string]string {
	imports := map[string]string{}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		dir, inModule := strings.CutPrefix(path, Module+"/")
		if err != nil || !inModule {
			continue
		}
		name := dir[strings.LastIndexByte(dir, '/')+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imports[name] = dir
	}
	return imports
}

// eval is the value of a constant expression, or nil when it cannot be
// told from the source: values holds the package's constants known so
// far, and other(pkg, name) gives the constant name of the imported
// package the file calls pkg, or nil.
func eval(e ast.Expr, iota int64, values map[string]constant.Value, other func(pkg, name string) constant.Value) constant.Value {
	switch e := e.(type) {
	case *ast.BasicLit:
		if v := constant.MakeFromLiteral(e.Value, e.Kind, 0); v.Kind() != constant.Unknown {
			return v
		}
	case *ast.Ident:
		switch e.Name {
		case "iota":
			return constant.MakeInt64(iota)
		case "true", "false":
			return constant.MakeBool(e.Name == "true")
		}
		return values[e.Name]
	case *ast.SelectorExpr:
		if pkg, ok := e.X.(*ast.Ident); ok {
			return other(pkg.Name, e.Sel.Name)
		}
	case *ast.ParenExpr:
		return eval(e.X, iota, values, other)
	case *ast.UnaryExpr:
		if x := eval(e.X, iota, values, other); x != nil {
			return constant.UnaryOp(e.Op, x, 0)
		}
	case *ast.BinaryExpr:
		x, y := eval(e.X, iota, values, other), eval(e.Y, iota, values, other)
		if x == nil || y == nil {
			return nil
		}
		switch e.Op {
		case token.SHL, token.SHR:
			n, ok := constant.Uint64Val(y)
			if !ok {
				return nil
			}
			return constant.Shift(x, e.Op, uint(n))
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return constant.MakeBool(constant.Compare(x, e.Op, y))
		case token.QUO:
			if x.Kind() == constant.Int && y.Kind() == constant.Int {
				return constant.BinaryOp(x, token.QUO_ASSIGN, y) // integer division
			}
		}
		return constant.BinaryOp(x, e.Op, y)
	case *ast.CallExpr:
		if len(e.Args) == 1 { // a conversion: T(x)
			return eval(e.Args[0], iota, values, other)
		}
	}
	return nil
}

// usesIota reports whether a constant's value mentions iota, whose value
// depends on the spec's place in its group.
func usesIota(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
			found = true
		}
		return !found
	})
	return found
}

// qualified reports whether a constant's value names another package's
// constant (quote.Max); another package's type it is converted to
// (time.Duration(3)) does not count.
func qualified(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			found = true
		case *ast.CallExpr:
			found = found || slices.ContainsFunc(n.Args, qualified)
			return false
		}
		return !found
	})
	return found
}

// receiver returns the name of a method's receiver type, with its type
// parameters, and whether that type is exported.
func receiver(e ast.Expr) (string, bool) {
	star := ""
	if s, ok := e.(*ast.StarExpr); ok {
		star, e = "*", s.X
	}
	var params []string
	switch t := e.(type) {
	case *ast.IndexExpr:
		e = t.X
		params = append(params, fmt.Sprint(t.Index))
	case *ast.IndexListExpr:
		e = t.X
		for _, i := range t.Indices {
			params = append(params, fmt.Sprint(i))
		}
	}
	id, ok := e.(*ast.Ident)
	if !ok || !id.IsExported() {
		return "", false
	}
	name := star + id.Name
	if len(params) > 0 {
		name += "[" + strings.Join(params, ", ") + "]"
	}
	return name, true
}

// signature prints a function type without parameter names: the type
// parameters, the parameters' types and the results' types.
func (p *Package) signature(ft *ast.FuncType) string {
	var b strings.Builder
	b.WriteString(p.typeParams(ft.TypeParams))
	b.WriteString("(" + p.types(ft.Params) + ")")
	if ft.Results != nil && len(ft.Results.List) > 0 {
		res := p.types(ft.Results)
		if len(ft.Results.List) == 1 && len(ft.Results.List[0].Names) <= 1 {
			b.WriteString(" " + res)
		} else {
			b.WriteString(" (" + res + ")")
		}
	}
	return b.String()
}

// types lists the types of a field list, one for each name.
func (p *Package) types(fl *ast.FieldList) string {
	var out []string
	for _, f := range fl.List {
		n := max(1, len(f.Names))
		for range n {
			out = append(out, p.expr(f.Type))
		}
	}
	return strings.Join(out, ", ")
}

// typeParams prints type parameters with their names and constraints.
func (p *Package) typeParams(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	var out []string
	for _, f := range fl.List {
		for _, n := range f.Names {
			out = append(out, n.Name+" "+p.expr(f.Type))
		}
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// expr prints an expression on one line: the lines of a type literal
// (an interface or struct constraint) are joined by "; ".
func (p *Package) expr(e ast.Expr) string {
	var b bytes.Buffer
	printer.Fprint(&b, p.Fset, e)
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	s := strings.Join(lines, "; ")
	s = strings.ReplaceAll(s, "{; ", "{ ")
	return strings.ReplaceAll(s, "; }", " }")
}

// Undocumented lists the exported identifiers of the package that have no
// doc comment, as "file:line: name". A function, method or type needs its
// own comment (a type declared alone may carry it on the declaration); a
// constant or variable its own, a line comment, or its group's comment; a
// struct field or interface method its own or a line comment.
func (p *Package) Undocumented() []string {
	var out []string
	report := func(pos token.Pos, name string) {
		at := p.Fset.Position(pos)
		out = append(out, fmt.Sprintf("%s:%d: %s", filepath.Base(at.Filename), at.Line, name))
	}
	for _, f := range p.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() || d.Doc != nil {
					continue
				}
				name := d.Name.Name
				if d.Recv != nil {
					recv, ok := receiver(d.Recv.List[0].Type)
					if !ok {
						continue
					}
					name = recv + "." + name
				}
				report(d.Pos(), name)
			case *ast.GenDecl:
				grouped := d.Lparen.IsValid()
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() && s.Doc == nil && s.Comment == nil && d.Doc == nil {
								report(n.Pos(), n.Name)
							}
						}
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						if s.Doc == nil && (grouped || d.Doc == nil) {
							report(s.Pos(), s.Name.Name)
						}
						var fields *ast.FieldList
						switch t := s.Type.(type) {
						case *ast.StructType:
							fields = t.Fields
						case *ast.InterfaceType:
							fields = t.Methods
						}
						if fields == nil {
							continue
						}
						for _, field := range fields.List {
							for _, fn := range field.Names {
								if fn.IsExported() && field.Doc == nil && field.Comment == nil {
									report(fn.Pos(), s.Name.Name+"."+fn.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}
