package cli

// NewProgram is newProgram for the tests outside the package (those that
// use internal/clitest, which imports this package).
var NewProgram = newProgram
