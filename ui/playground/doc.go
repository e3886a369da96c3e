// Package playground is the inspector's playground screen: e on a tool or a
// call opens its input schema or its arguments (a common.EditRequest) in an
// editor, and the library's answer follows the text as it changes: for a
// schema adapter.StrictSchema and adapter.CheckStrict, for arguments the nulls
// stripped at the tool's null paths and the validation against its original
// schema. A small text is asked about at once, a large one after a pause in
// typing; text that does not parse shows where it breaks. esc goes back to the
// screen it was opened from.
package playground
