package bashparse

// slab hands out the small slices one parse needs — each command's words,
// each view's arguments — from a few shared blocks: a five-command line
// made a dozen such slices, an allocation each. Every slice handed out is
// capped at its length, so an append to one copies instead of writing
// into its neighbour. A nil slab allocates each slice on its own.
type slab struct {
	words []Word
	strs  []string
	// wordHint and argHint size the first blocks: about how many words
	// the source holds (wordsHint), and how many of them are arguments;
	// 0 starts at slabFirst.
	wordHint, argHint int
	// cmdSrc is the source text of the command being viewed: a view's
	// text that is a stretch of it is taken from it instead of built.
	cmdSrc string
}

// slabFirst and slabMax bound a block: a one-word command takes a small
// one, a long script's blocks double up to slabMax.
const (
	slabFirst = 8
	slabMax   = 64
)

// wordList returns n zeroed words.
func (s *slab) wordList(n int) []Word {
	if s == nil {
		return make([]Word, n)
	}
	return take(&s.words, s.wordHint, n)
}

// stringList returns n empty strings.
func (s *slab) stringList(n int) []string {
	if s == nil {
		return make([]string, n)
	}
	return take(&s.strs, s.argHint, n)
}

// take cuts n elements off the block, starting a new block (hint sizes
// the first) when it is too short; a request above slabMax gets its own.
func take[T any](block *[]T, hint, n int) []T {
	if n > slabMax {
		return make([]T, n)
	}
	if n > cap(*block)-len(*block) {
		*block = make([]T, 0, blockSize(hint, cap(*block), n))
	}
	i := len(*block)
	*block = (*block)[:i+n]
	return (*block)[i : i+n : i+n]
}

// blockSize is the capacity of the block after one of last, for a
// request of n.
func blockSize(hint, last, n int) int {
	first := slabFirst
	if hint > 0 {
		first = hint
	}
	return max(n, min(max(2*last, first), slabMax))
}

// wordsHint guesses how many words src's commands hold: its blank-separated
// fields, less those made only of operators (&& | ; > …). Quotes and
// substitutions make it a guess; too many wastes a little memory, too few
// takes another block.
func wordsHint(src string) int {
	n, inField, opOnly := 0, false, true
	for i := 0; i <= len(src); i++ {
		if i == len(src) || src[i] == ' ' || src[i] == '\t' || src[i] == '\n' {
			if inField && !opOnly {
				n++
			}
			inField, opOnly = false, true
			continue
		}
		inField = true
		switch src[i] {
		case '&', '|', ';', '<', '>', '(', ')':
		default:
			opOnly = false
		}
	}
	return n
}
