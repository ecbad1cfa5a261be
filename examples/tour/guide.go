package main

// A guide to each game for someone who has never played it: what the game
// is about, how to read its board text, and a short opening in which every
// move is explained. The tour plays the opening on the game's standard
// variant, so a change to an engine's notation shows up in the tour's test.

type guide struct {
	goal    string // two or three sentences
	legend  string // how to read the board text
	opening []step
}

type step struct{ move, why string }

var guides = map[string]guide{
	"tumbling": {
		goal: `Two armies of men stand in stacks. On your turn you move the top man of a
stack you own to a neighbouring square, or tumble a whole stack along a line,
one man per square. Your tallest one-colour stacks are your kings: capture an
enemy king (pbmserv rules: cover it so it holds two runs of colours) to win.`,
		legend: `Board: files A-H, ranks 1-8. A cell lists a stack bottom up: "B2" is two
Black men, "B1 W1" a Black man under a White one; the top man's colour owns
it. Moves: "A1-B1" moves one man, "A1-B1T" tumbles the stack towards B1.`,
		opening: []step{
			{"C3-C4", "the top man of Black's two-stack on C3 steps onto the man on C4"},
			{"F5-F4", "White's man on F5 steps forward to F4"},
			{"C1-C2T", "Black tumbles the four-stack on C1 north: one man each on C2 to C5"},
		},
	},
	"flooprail": {
		goal: `Checkers on a diamond of rails. Pieces move along a rail to an empty
neighbouring space (a Floop) or jump an enemy piece and take it (a Fleap);
taking is compulsory. Reach the far edge to become a SooperFlooper that moves
all four ways. A player who cannot move has lost.`,
		legend: `Board: columns A-H, rows 1-7, "--" and "|" are the rails. "." is an empty
space, "O" and "X" are Floopers, "@" and "*" are O's and X's SooperFloopers.
O moves down or right, X up or left. Moves: "E2-F2", a jump "E6-C6-C4".`,
		opening: []step{
			{"D3-E3", "O floops right from D3 to the empty space E3"},
			{"G3-F3", "X floops left from G3 to F3, next to the O on E3, and empties G3"},
			{"E3-G3", "O must take, its only move: it leaps over F3 to G3; the X is gone"},
		},
	},
	"terrace": {
		goal: `A board of stepped levels, from the Low corners (L) to the High corners
(H). A piece slides along its level, steps one level up or down, or takes
by stepping diagonally down onto a piece of its size or smaller (even its
own army's). Win by bringing your T to your goal corner or taking the other T.`,
		legend: `Board: files a-h, ranks 1-8; walls "|" and "+---" divide the levels.
Pieces are letters by size, A (small) to D (large), and T, the key piece;
lowercase is one army, UPPERCASE the other. Moves: "B-d1-d3" (piece-from-to).`,
		opening: []step{
			{"B-d1-d3", "a lowercase b slides up its level from d1 to d3"},
			{"B-e8-e6", "an UPPERCASE B answers the same way, from e8 to e6"},
			{"C-e1-e3", "a lowercase c comes out beside it, from e1 to e3"},
		},
	},
	"crumble": {
		goal: `A board of squares in two colours. On your turn you split one of your pieces
in half or join a block of your pieces into one, and the new piece may then
swap colours with neighbours along a path. Groups cut off from every side of
the board turn to the other colour; connect all four sides to win.`,
		legend: `Board: each letter is a patch of board, "B" Black and "w" White; the numbers
are x (bottom) and y (left) in board squares. A square is drawn as k x k
letters, and k doubles when smaller pieces appear, so boards grow. Moves
name a piece by a walk from the corner (0,0): so many piece corners East,
then so many North, East again...; "2,3V" walks 2 East and 3 North to (2,3)
and cuts that square down the middle (V; H cuts across); letters after
the cut are the new piece's swap path: "1HN" cuts (1,0) across and its
upper half swaps North; "1,8VESSS" late in a game: 1 corner East, 8 North,
a V cut, and the East half swaps East, South, South, South.`,
		opening: []step{
			{"1HN", "Black cuts its square (1,0) in two; the top half swaps with White's (1,1)"},
			{"0V", "White cuts its corner square (0,0) into two tall halves, no swap"},
		},
	},
}
