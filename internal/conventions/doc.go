// Package conventions holds no code: its tests check the module's one
// vocabulary (the boardrules package doc, "One vocabulary") over every
// engine at once, one test per convention, so that an engine that drifts
// fails a test named after the convention it breaks.
package conventions
