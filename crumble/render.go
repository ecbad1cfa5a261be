package crumble

// The text drawing of a position (svg.go has the vector one).

// String draws the board, top row first: each unit of the board is a k×k
// block of characters ('B' Black, 'w' White), k = max(2, 2^E) for the
// position's exponent E. When k would exceed 16 it returns the position
// code and a newline instead. The zero Position, no game, is "no game\n".
func (p Position) String() string {
	if p.t == nil {
		return "no game\n" // the zero Position, as in every engine
	}
	e := p.exponent()
	if e > 4 {
		code, _ := p.MarshalText()
		return string(code) + "\n"
	}
	k := 2
	if e > 1 {
		k = 1 << e
	}
	cols, rows := p.v.Width*k, p.v.Height*k
	grid := make([]byte, rows*(cols+1))
	// one cell is 2^(shift-log2 k) grid units
	unit := int64(1) << p.shift / int64(k)
	for _, pc := range p.t.all() {
		ch := byte('B')
		if pc.C() == White {
			ch = 'w'
		}
		x0, x1 := int(pc.X()/unit), int((pc.X()+pc.w)/unit)
		y0, y1 := int(pc.Y()/unit), int((pc.Y()+pc.H())/unit)
		for y := y0; y < y1; y++ {
			r := rows - 1 - y
			line := grid[r*(cols+1) : (r+1)*(cols+1)]
			for x := x0; x < x1; x++ {
				line[x] = ch
			}
		}
	}
	for r := 0; r < rows; r++ {
		grid[r*(cols+1)+cols] = '\n'
	}
	return string(grid)
}
