package proc

import "bytes"

// Capped is an io.Writer that keeps the first Max bytes and notes that more
// came. Writes never fail, so a chatty child is never blocked or killed by
// a full pipe. It is not safe for concurrent use.
type Capped struct {
	Max      int
	buf      bytes.Buffer
	Overflow bool
}

// Write keeps what fits and drops the rest.
func (c *Capped) Write(p []byte) (int, error) {
	if room := c.Max - c.buf.Len(); room < len(p) {
		c.Overflow = true
		if room > 0 {
			c.buf.Write(p[:room])
		}
		return len(p), nil
	}
	return c.buf.Write(p)
}

// Bytes returns what was kept.
func (c *Capped) Bytes() []byte { return c.buf.Bytes() }

// String returns what was kept.
func (c *Capped) String() string { return c.buf.String() }
