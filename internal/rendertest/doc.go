// Package rendertest holds only a test: it draws every engine's pictures
// (the start of each game and a finished game) with librsvg's rsvg-convert,
// the rasteriser of most non-browser tools, and checks the image's size and
// a few of its pixels, so that a drawing which only a browser can show is
// caught. The test is skipped when rsvg-convert is not installed, except
// under CI (CI=true), where .ci/run installs Debian's librsvg2-bin.
package rendertest
