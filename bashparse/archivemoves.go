package bashparse

// archiveMoves are the sources an archiver deletes once it has stored
// them: tar --remove-files (directories too) and zip -m/--move. tar
// --remove-files -cf /tmp/x.tar . empties the cwd, .git included, and
// zip -rm x.zip .. would take the parent away: each source is a name the
// command removes (a critical path asks as rm of it does) and a tree it
// walks and empties (a protected file in it asks, in bypassPermissions
// mode too for .git and .claude).
func archiveMoves(name string, args []Word) ([]File, []Tree) {
	var srcs []Tree
	switch name {
	case "tar", "bsdtar", "gtar":
		if !hasLong(args, "--remove-files") {
			return nil, nil
		}
		for _, t := range tarTrees(args) {
			if t.Via == "tar c" {
				srcs = append(srcs, t)
			}
		}
	case "zip":
		if !hasShort(args, 'm') && !hasLong(args, "--move") {
			return nil, nil
		}
		for i, o := range operandWords(args, "bnt") {
			if i > 0 { // the first operand is the archive
				srcs = append(srcs, Tree{Root: o.Value, Dynamic: !o.Static()})
			}
		}
	default:
		return nil, nil
	}
	via := name + " --remove-files"
	if name == "zip" {
		via = "zip -m"
	}
	var files []File
	var trees []Tree
	for _, s := range srcs {
		files = append(files, File{Path: s.Root, Access: Write, Via: via, Dynamic: s.Dynamic, Removes: true, Tree: true})
		trees = append(trees, Tree{Root: s.Root, Access: Write, Via: via, Dynamic: s.Dynamic})
	}
	return files, trees
}
