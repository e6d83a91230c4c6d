package workflow

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// junitSuites is the JUnit XML document CI systems read.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Tests   int          `xml:"tests,attr"`
	Fails   int          `xml:"failures,attr"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name  string      `xml:"name,attr"`
	Tests int         `xml:"tests,attr"`
	Fails int         `xml:"failures,attr"`
	Skips int         `xml:"skipped,attr"`
	Time  string      `xml:"time,attr"`
	Cases []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	File      string        `xml:"file,attr"`
	Line      int           `xml:"line,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *struct{}     `xml:"skipped,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the report as JUnit XML: one testsuite per test file
// (and per Rego test file), one testcase per case or test_* rule.
func WriteJUnit(w io.Writer, r *TestReport) error {
	doc := junitSuites{}
	index := map[string]int{}
	suite := func(file string) *junitSuite {
		i, ok := index[file]
		if !ok {
			i = len(doc.Suites)
			index[file] = i
			doc.Suites = append(doc.Suites, junitSuite{Name: file})
		}
		return &doc.Suites[i]
	}
	for _, c := range r.Cases {
		s := suite(c.Case.File)
		jc := junitCase{Name: c.Case.Name, ClassName: c.Case.File, File: c.Case.File, Line: c.Case.Line,
			Time: seconds(c.Duration.Seconds())}
		if !c.Pass {
			jc.Failure = &junitFailure{Message: strings.Join(c.Failures, "; "),
				Text: fmt.Sprintf("%s: %s (%s)", c.Location(), strings.Join(c.Failures, "; "), DecidedBy(c.Got))}
			s.Fails++
		}
		s.Tests++
		s.Cases = append(s.Cases, jc)
	}
	for _, t := range r.Rego {
		s := suite(t.File)
		jc := junitCase{Name: t.Name, ClassName: t.File, File: t.File, Line: t.Line, Time: seconds(t.Duration.Seconds())}
		switch {
		case t.Skip:
			jc.Skipped = &struct{}{}
			s.Skips++
		case !t.Pass:
			msg := "test failed"
			if t.Error != "" {
				msg = t.Error
			}
			jc.Failure = &junitFailure{Message: msg, Text: t.Location() + ": " + msg}
			s.Fails++
		}
		s.Tests++
		s.Cases = append(s.Cases, jc)
	}
	for i := range doc.Suites {
		s := &doc.Suites[i]
		doc.Tests += s.Tests
		doc.Fails += s.Fails
		var total float64
		for _, c := range s.Cases {
			var f float64
			fmt.Sscan(c.Time, &f)
			total += f
		}
		s.Time = seconds(total)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func seconds(s float64) string { return fmt.Sprintf("%.6f", s) }
