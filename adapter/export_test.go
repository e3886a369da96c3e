package adapter

// Internals the external tests (package adapter_test) use. Those tests share
// schemagen with other packages' tests, and a test of package adapter cannot
// import a package that imports adapter.
var (
	// StrictSchemaGeneral is StrictSchema with every node converted by the
	// general path, none by the plain-leaf one.
	StrictSchemaGeneral = func(schema Value, opts StrictOptions) (*StrictResult, error) {
		return strictSchema(schema, opts, true)
	}
	SameStrictOutcome = sameStrictOutcome
	CorpusDir         = corpusDir
	CheckStrictOwned  = checkStrictOwned
)
