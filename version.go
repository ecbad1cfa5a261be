package boardrules

// Version is the version of this module, in the form its release tags and
// the go command give it: "v" and a semantic version, MAJOR.MINOR.PATCH.
// The example programs print it with -version when the build does not
// carry the module's version itself (a build from a clone reports
// "(devel)").
const Version = "v0.1.0"
