package settings

// scalarOf returns key's value from the highest-precedence source that
// sets it (parts sorted by source, file order kept within one).
//
// The managed file and its managed-settings.d drop-ins are one source that
// Claude Code merges document by document in name order, a later
// document's value replacing an earlier one's: an organisation that ships
// 50-lockdown.json with "defaultMode": "default" beside a main file saying
// "acceptEdits" gets default mode there. Taking the first managed value
// kept the main file's acceptEdits, and agentctl approved every edit the
// reference asks about. Within any other source the first file still wins
// (the cwd's local settings before the git root's, JSON before its YAML
// sibling).
func scalarOf(parts []*fileSettings, key string) (Scalar, bool) {
	var managed Scalar
	found := false
	for _, p := range parts {
		v, ok := p.scalars[key]
		if p.source == PolicySettings {
			if ok {
				managed, found = v, true
			}
			continue
		}
		if found {
			break
		}
		if ok {
			return v, true
		}
	}
	return managed, found
}

// managedDropIn reports whether Claude Code reads name from a
// managed-settings.d directory: a .json file whose name does not start
// with a dot. A dot-file is how an administrator parks a drop-in
// (.50-dev.json) and what editors leave behind (.#50-dev.json); the
// reference never applies it, and reading it applied its allow rules
// where the reference asks. agentctl's YAML drop-ins are its own and stay
// read (not by Claude Code, which no YAML file widens).
func managedDropIn(name string) bool {
	if name == "" || name[0] == '.' {
		return false
	}
	n := len(name)
	return n > 5 && name[n-5:] == ".json" || n > 5 && name[n-5:] == ".yaml" || n > 4 && name[n-4:] == ".yml"
}
