package generator

// GamesInRoot are the games still drawn by this package, for the external
// tests.
var GamesInRoot = gamesInRoot
