package main

// moveHelp explains, per game, how to read and write a move where the
// notation needs more than the engine's error messages give: Crumble's
// staircase locations.
var moveHelp = map[string]string{
	"crumble": crumbleHelp,
}

// crumbleHelp is the explanation of a Crumble move. Its examples from the
// start of the 6x6 game are legal there (a test plays them).
const crumbleHelp = `A Crumble move names a piece by a staircase walk from the board's lower-left
corner, (0,0), along the edges of the pieces: the first number counts piece
corners going East, the next counts corners going North, then East again,
and so on; the walk ends on the lower-left corner of the piece you split or
join. The board's coordinates help: x below, y on the left. Then comes the
action: H cuts the piece across (North and South halves), V cuts it down
(East and West halves), Ja,b joins your pieces into one; the letters after
it are the swap path of the new piece: N, E, S, W, one step each.
From the 6x6 start, Black to move:
  2,3V      walk 2 East to (2,0), then 3 North to (2,3): split the square
            whose lower-left corner is (2,3) with a V cut; no swap
  2,3HN     the same square with an H cut; its North half swaps North
  1,2VE     from (1,2): a V cut; the East half swaps East
Later in a game, when pieces are smaller and corners more numerous:
  1,8VESSS  1 corner East, then 8 corners North; a V cut, and the East half
            swaps East, South, South, South
  0J1,2N    join the block whose corners are your piece's at (0,0) and the
            point 1 corner East and 2 North of it; the new piece swaps North
"moves" lists every legal move in this form.`
