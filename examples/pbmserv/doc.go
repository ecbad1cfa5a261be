// Command pbmserv is a play-by-email style game server built on the
// boardrules engines, in the manner of Richard Rognlie's pbmserv.
package main
