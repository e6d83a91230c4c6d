package engine

// plainness is what one cheap look at a path proved (see plainPath).
type plainness uint8

const (
	// notPlain: a symlink may be on the way; resolve the slow way.
	notPlain plainness = iota
	// plainExists: the path exists and no component is a symlink.
	plainExists
	// plainMissing: a component is missing and none before it is a symlink.
	plainMissing
)
