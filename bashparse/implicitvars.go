package bashparse

// implicitSets are the variables a builtin assigns a value read at run time
// without naming them: read and select with no name set REPLY, mapfile and
// readarray with no name set MAPFILE, getopts sets OPTARG. Such a value
// runs code when arithmetic evaluates it (read <<< 'a[$(cmd)]'; echo
// $((REPLY)) runs cmd), so each is tainted like a named operand.
var implicitSets = map[string][]string{"read": {"REPLY"}, "select": {"REPLY"}, "mapfile": {"MAPFILE"},
	"readarray": {"MAPFILE"}, "getopts": {"OPTARG"}}

// implicitTaints taints the variables builtin name assigns implicitly.
func (s *shellState) implicitTaints(name string) {
	for _, v := range implicitSets[name] {
		s.taint(v)
	}
}
