package agenthook

// cursorReadEvent says whether ev is one of Cursor's file-read events,
// whose file is a top-level field: beforeReadFile (the agent's read) and
// beforeTabFileRead (Cursor Tab's: the file its completion model is sent,
// the open file included). Tab's read was no event agentctl decided, nor
// one `hooks install` hooked: a .env a Read deny rule names went to Tab's
// model whenever it was open, while the agent's own read of it was denied.
// It is decided as the agent's read is.
func cursorReadEvent(ev *Event) bool {
	return ev.Agent == Cursor && (ev.Name == "beforeReadFile" || ev.Name == "beforeTabFileRead")
}
